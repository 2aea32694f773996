import DataLoader from 'dataloader';
import { Arg, Args, Ctx, FieldResolver, GraphQLISODateTime, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  createWebhookEndpoint, deleteWebhookEndpoint, getWebhookDelivery, listWebhookDeliveries, listWebhookEndpointHealth, listWebhookEndpoints, pauseWebhookEndpoint,
  pingWebhookUrl, recoverWebhookDeliveries, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, updateWebhookEndpoint,
} from '../src/webhooks/index';
import { caseLabels, type CaseLabel } from '../src/cases/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, loaderOf, type GraphqlContext } from './context';
import {
  CreatedWebhookEndpoint, createdStatusOf, DeliveryStateEnum, CreateWebhookEndpointInput, PingWebhookUrlInput, UpdateWebhookEndpointInput, WebhookDelivery, WebhookDeliveryCase, WebhookDeliveryConnection,
  WebhookDeliveryFilter, webhookDeliveryOf, WebhookEndpoint, WebhookEndpointHealth, webhookEndpointHealthOf, webhookEndpointOf, WebhookRecovery, WebhookRedelivery, WebhookTestResult, webhookTestResultOf,
} from './types/webhook.type';

/** A delivery id as the domain takes it: the integer an ID carries; anything else matches no delivery (NOT_FOUND). */
const deliveryIdOf = (id: string): number => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : 0);
/** GraphQL null and absent are both "not given" where the domain's input has no meaning for null. */
const given = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/** Compliance Configuration: webhook endpoints, their tests and the delivery log. Roles are checked by the use cases. */
@Resolver()
export class WebhooksResolver {
  @Query(() => [WebhookEndpoint], { description: "The organisation's webhook endpoints, oldest first (never their secrets)." })
  async webhookEndpoints(@Ctx() ctx: GraphqlContext): Promise<WebhookEndpoint[]> {
    const actor = actorOf(ctx);
    const [endpoints, health] = await Promise.all([listWebhookEndpoints(ctx.svc, actor), listWebhookEndpointHealth(ctx.svc, actor)]);
    const byId = new Map(health.map((h) => [h.endpointId, h]));
    return endpoints.map((e) => webhookEndpointOf(e, byId.get(e.endpointId) ?? null));
  }

  @Query(() => WebhookDeliveryConnection, {
    complexity: connectionComplexity,
    description: 'Recent Deliveries, newest first, with their attempts and payloads; keyset-paged (pass endCursor as after with the same filter).',
  })
  async webhookDeliveries(
    @Ctx() ctx: GraphqlContext,
    @Args() page: PageArgs,
    @Arg('filter', () => WebhookDeliveryFilter, { nullable: true }) filter?: WebhookDeliveryFilter | null,
  ): Promise<Connection<WebhookDelivery>> {
    const actor = actorOf(ctx);
    const { limit, cursor } = pageInput(page);
    const result = await listWebhookDeliveries(ctx.svc, actor, {
      endpointId: given(filter?.endpointId), state: given(filter?.state), eventType: given(filter?.eventType), limit, cursor,
    }, { edgeCursors: true });
    return toConnection(result, webhookDeliveryOf);
  }

  @Mutation(() => CreatedWebhookEndpoint, { description: 'Registers an endpoint; the answer carries its secret, shown this once.' })
  async createWebhookEndpoint(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
    const created = await createWebhookEndpoint(ctx.svc, actorOf(ctx), {
      url: input.url, label: given(input.label), secret: input.secret, eventTypes: input.eventTypes,
      status: createdStatusOf(input),
    });
    return { endpoint: webhookEndpointOf(created.endpoint), secret: created.secret };
  }

  @Mutation(() => WebhookTestResult, { description: 'The pre-save ping: a signed `ping` to a URL before saving it (DNS, TLS, reachability, in words).' })
  async pingWebhookUrl(@Ctx() ctx: GraphqlContext, @Arg('input', () => PingWebhookUrlInput) input: PingWebhookUrlInput): Promise<WebhookTestResult> {
    return webhookTestResultOf(await pingWebhookUrl(ctx.svc, actorOf(ctx), { url: input.url, secret: input.secret }));
  }

  @Mutation(() => WebhookTestResult, { description: 'The post-save Test: a `ping` signed with the stored secret; the HTTP status and the first 500 bytes of the body.' })
  async testWebhookEndpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<WebhookTestResult> {
    return webhookTestResultOf(await testWebhookEndpoint(ctx.svc, actorOf(ctx), { endpointId: id }));
  }

  @Mutation(() => WebhookEndpoint, { description: 'Edits an endpoint (URL checked again, label, subscriptions, secret rotation); applies from the next attempt.' })
  async updateWebhookEndpoint(
    @Ctx() ctx: GraphqlContext,
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
  ): Promise<WebhookEndpoint> {
    return webhookEndpointOf(await updateWebhookEndpoint(ctx.svc, actorOf(ctx), {
      endpointId: id, url: given(input.url), label: given(input.label), secret: input.secret,
      // Absent: unchanged; null: every event type.
      ...('eventTypes' in input && input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
    }));
  }

  @Mutation(() => WebhookEndpoint, { description: 'Pauses an endpoint: events from now on are skipped (redeliver them by hand), due retries are cancelled.' })
  async pauseWebhookEndpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<WebhookEndpoint> {
    return webhookEndpointOf(await pauseWebhookEndpoint(ctx.svc, actorOf(ctx), { endpointId: id }));
  }

  @Mutation(() => WebhookEndpoint, { description: 'Resumes a paused endpoint. Replays nothing: what was skipped meanwhile is redelivered by hand.' })
  async resumeWebhookEndpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<WebhookEndpoint> {
    return webhookEndpointOf(await resumeWebhookEndpoint(ctx.svc, actorOf(ctx), { endpointId: id }));
  }

  @Mutation(() => Boolean, { description: 'Deletes an endpoint: its secret is destroyed, pending deliveries fail, the delivery log stays.' })
  async deleteWebhookEndpoint(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<boolean> {
    return (await deleteWebhookEndpoint(ctx.svc, actorOf(ctx), { endpointId: id })).deleted;
  }

  @Mutation(() => WebhookRedelivery, {
    description: 'One new attempt of a delivery: the same payload, eventId and delivery id; the attempt counter continues. '
      + 'Works at any time, also while the endpoint is paused (the notice says so); refused (CONFLICT) while the delivery is still pending.',
  })
  async redeliverWebhookDelivery(@Ctx() ctx: GraphqlContext, @Arg('id', () => ID) id: string): Promise<WebhookRedelivery> {
    const actor = actorOf(ctx);
    const queued = await redeliverWebhook(ctx.svc, actor, { deliveryId: deliveryIdOf(id) });
    return { delivery: webhookDeliveryOf(await getWebhookDelivery(ctx.svc, actor, { deliveryId: queued.deliveryId })), notice: queued.notice };
  }

  @Mutation(() => WebhookRecovery, {
    description: 'Recover since: sends again every failed (and/or skipped_paused) delivery of an endpoint whose event came at or after `since`, '
      + 'in event order, 20 per second. CONFLICT while the endpoint is paused (resume it first). Audited.',
  })
  async recoverWebhookDeliveries(
    @Ctx() ctx: GraphqlContext,
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('since', () => GraphQLISODateTime) since: Date,
    @Arg('states', () => [DeliveryStateEnum], { nullable: true, description: 'failed, skipped_paused or both (default both).' }) states?: string[] | null,
  ): Promise<WebhookRecovery> {
    return recoverWebhookDeliveries(ctx.svc, actorOf(ctx), { endpointId, since, states });
  }
}

/** An endpoint's health where it was not loaded with the endpoint (the answers of the endpoint mutations). */
@Resolver(() => WebhookEndpoint)
export class WebhookEndpointHealthResolver {
  @FieldResolver(() => WebhookEndpointHealth)
  async health(@Root() endpoint: WebhookEndpoint, @Ctx() ctx: GraphqlContext): Promise<WebhookEndpointHealth> {
    if (endpoint.health) return endpoint.health;
    const all = await listWebhookEndpointHealth(ctx.svc, actorOf(ctx));
    return webhookEndpointHealthOf(all.find((h) => h.endpointId === endpoint.endpointId));
  }
}

/** The case a delivery's event is about, named (one statement per page of deliveries). */
@Resolver(() => WebhookDelivery)
export class WebhookDeliveryCaseResolver {
  @FieldResolver(() => WebhookDeliveryCase, { nullable: true, description: 'The case the event is about with its reference and company; null for an event about no case, or a case since deleted.' })
  async case(@Root() delivery: WebhookDelivery, @Ctx() ctx: GraphqlContext): Promise<WebhookDeliveryCase | null> {
    if (!delivery.caseId) return null;
    const loader = loaderOf(ctx, 'delivery.case', () => new DataLoader<string, CaseLabel | null>((ids) => caseLabels(ctx.svc, actorOf(ctx), ids)));
    return loader.load(delivery.caseId);
  }
}
