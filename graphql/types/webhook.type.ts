import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  DELIVERY_STATES, ENDPOINT_STATUSES, type DeliveryState, type EndpointStatus, type WebhookAttemptView, type WebhookEndpointHealthView, type WebhookDeliveryView, type WebhookEndpointView, type WebhookTestResult as TestResultView,
} from '../../src/webhooks/index';
import { ConnectionOf } from '../connection';

export const EndpointStatusEnum = Object.fromEntries(ENDPOINT_STATUSES.map((s) => [s, s])) as { [K in EndpointStatus]: K };
registerEnumType(EndpointStatusEnum, {
  name: 'WebhookEndpointStatus',
  description: 'active, or paused (events that occur meanwhile are recorded as skipped_paused and not sent). As `status` of /v1/webhook_endpoints.',
});

export const DeliveryStateEnum = Object.fromEntries(DELIVERY_STATES.map((s) => [s, s])) as { [K in DeliveryState]: K };
registerEnumType(DeliveryStateEnum, {
  name: 'WebhookDeliveryState',
  description: 'pending (an attempt is due), delivered (2xx), failed (no automatic attempt left), skipped_paused (the event came while the endpoint was paused: no attempt; redeliver by hand).',
});

@ObjectType({ description: 'What the failure-alert check knows of an endpoint: the console shows a banner while incidentSince is set.' })
export class WebhookEndpointHealth {
  @Field(() => Date, {
    nullable: true,
    description: "Set while an incident is open: every attempt since then failed, for longer than the organisation's webhookAlertAfterMinutes; the compliance admins were emailed.",
  }) incidentSince!: Date | null;
  @Field(() => Date, { nullable: true, description: 'The first failed attempt after the last success (the current failing streak).' }) failingSince!: Date | null;
  @Field(() => Date, { nullable: true }) lastSuccessAt!: Date | null;
  @Field(() => Date, { nullable: true }) lastFailureAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The last failed attempt in words.' }) lastError!: string | null;
  @Field(() => Date, { nullable: true, description: "When the health check last read this endpoint's attempts." }) checkedAt!: Date | null;
  @Field(() => Int, { description: 'Deliveries with a failed attempt behind them and another due, now (read live, not by the health check).' }) pendingRetries!: number;
  @Field(() => Date, { nullable: true, description: 'When the oldest of those deliveries was created; null when none waits.' }) retryingSince!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the next of those attempts is due.' }) nextRetryAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When the most recently tried of them was last tried.' }) lastRetryAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The failure in words of the most recently tried of them.' }) lastRetryError!: string | null;
}

const dateOf = (iso: string | null) => (iso ? new Date(iso) : null);
const NO_HEALTH: WebhookEndpointHealth = {
  incidentSince: null, failingSince: null, lastSuccessAt: null, lastFailureAt: null, lastError: null, checkedAt: null, pendingRetries: 0, retryingSince: null, nextRetryAt: null, lastRetryAt: null, lastRetryError: null,
};

export function webhookEndpointHealthOf(h: WebhookEndpointHealthView | undefined | null): WebhookEndpointHealth {
  if (!h) return NO_HEALTH;
  return {
    incidentSince: dateOf(h.incidentSince), failingSince: dateOf(h.failingSince), lastSuccessAt: dateOf(h.lastSuccessAt),
    lastFailureAt: dateOf(h.lastFailureAt), lastError: h.lastError ?? null, checkedAt: dateOf(h.checkedAt),
    pendingRetries: h.pendingRetries, retryingSince: dateOf(h.retryingSince), nextRetryAt: dateOf(h.nextRetryAt), lastRetryAt: dateOf(h.lastRetryAt), lastRetryError: h.lastRetryError ?? null,
  };
}

@ObjectType({ description: 'A webhook receiver of the organisation, named as /v1/webhook_endpoints names it. Its signing secret is never shown again after creation.' })
export class WebhookEndpoint {
  @Field(() => ID) endpointId!: string;
  @Field({ description: 'An https URL on a public address.' }) url!: string;
  @Field() label!: string;
  @Field(() => [String], { nullable: true, description: 'Subscribed event types; null means every type, including ones added later.' })
  eventTypes!: string[] | null;
  @Field(() => EndpointStatusEnum) status!: EndpointStatus;
  @Field(() => ID, { deprecationReason: 'Use endpointId (the name of /v1/webhook_endpoints).' }) id!: string;
  @Field({ deprecationReason: 'Use status (the name of /v1/webhook_endpoints): active is status active.' }) active!: boolean;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => WebhookEndpointHealth, { description: 'Failure alerts: an open incident, the last success and the last error (all null before the first attempt).' })
  health!: WebhookEndpointHealth | undefined;
}

export function webhookEndpointOf(e: WebhookEndpointView, health?: WebhookEndpointHealthView | null): WebhookEndpoint {
  return {
    endpointId: e.endpointId, url: e.url, label: e.label, eventTypes: e.eventTypes, status: e.status, id: e.endpointId, active: e.status === 'active',
    // Absent (not loaded with the endpoint): the field resolver reads it.
    createdAt: new Date(e.createdAt), updatedAt: new Date(e.updatedAt), health: health === undefined ? undefined : webhookEndpointHealthOf(health),
  };
}

@ObjectType({ description: 'A new endpoint and its signing secret, shown this once (stored encrypted, never readable again).' })
export class CreatedWebhookEndpoint {
  @Field(() => WebhookEndpoint) endpoint!: WebhookEndpoint;
  @Field({ description: 'The HMAC-SHA256 signing secret: the one supplied, or 64 generated hex characters.' }) secret!: string;
}

@ObjectType({ description: 'The answer of a signed `ping`: reachability, TLS and DNS problems in words.' })
export class WebhookTestResult {
  @Field({ description: 'The receiver answered 2xx.' }) ok!: boolean;
  @Field(() => Int, { description: '0 when there was no response.' }) httpStatus!: number;
  @Field(() => String, { nullable: true, description: 'What went wrong (DNS, TLS, refused, timeout, HTTP status), in words; null when ok.' }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The first 500 bytes of the response body.' }) body!: string | null;
  @Field(() => Int) durationMs!: number;
  @Field({ description: 'The eventId of the ping payload.' }) eventId!: string;
}

export function webhookTestResultOf(r: TestResultView): WebhookTestResult {
  return { ok: r.ok, httpStatus: r.httpStatus, error: r.error, body: r.body, durationMs: r.durationMs, eventId: r.eventId };
}

@ObjectType({ description: 'One HTTP attempt of a delivery.' })
export class WebhookAttempt {
  @Field(() => Int, { description: '1-indexed (X-SVC-Attempt); manual redeliveries continue the count. The name of /v1/webhook_deliveries.' }) attempt!: number;
  @Field(() => Int, { deprecationReason: 'Use attempt (the name of /v1/webhook_deliveries).' }) number!: number;
  @Field(() => Int, { description: 'HTTP status; 0 when there was no response (timeout, network, TLS or DNS error).' }) httpStatus!: number;
  @Field(() => Int, { description: 'From sending to the end of the response (or the failure), in milliseconds.' }) durationMs!: number;
  @Field(() => String, { nullable: true, description: 'The failure in words; null on 2xx.' }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The first 64 KiB of the response body; null when there was no response.' }) responseBody!: string | null;
  @Field() startedAt!: Date;
  @Field() finishedAt!: Date;
}

function attemptOf(a: WebhookAttemptView): WebhookAttempt {
  return {
    attempt: a.attempt, number: a.attempt, httpStatus: a.httpStatus, durationMs: a.durationMs, error: a.error ?? null, responseBody: a.responseBody ?? null,
    startedAt: new Date(a.startedAt), finishedAt: new Date(a.finishedAt),
  };
}

@ObjectType({ description: 'The case an event is about, as the console names it.' })
export class WebhookDeliveryCase {
  @Field(() => ID) caseId!: string;
  @Field(() => String, { nullable: true, description: 'The case\'s short display reference (C-<n>).' }) reference!: string | null;
  @Field(() => String, { nullable: true }) companyName!: string | null;
}

@ObjectType({ description: 'One event for one endpoint (Recent Deliveries): its state, its attempts and the payload kept for replay.' })
export class WebhookDelivery {
  @Field(() => Int, { description: 'X-SVC-Delivery-Id, stable across retries and redelivery. The name of /v1/webhook_deliveries.' }) deliveryId!: number;
  @Field(() => ID, { deprecationReason: 'Use deliveryId (the name of /v1/webhook_deliveries).' }) id!: string;
  @Field(() => ID) endpointId!: string;
  @Field({ description: 'X-SVC-Event-Id: the same on every attempt and redelivery.' }) eventId!: string;
  @Field() eventType!: string;
  @Field(() => DeliveryStateEnum) state!: DeliveryState;
  @Field(() => Int, { description: 'Attempts made so far: `attempts` in /v1/webhook_deliveries (here `attempts` is the deprecated list, until it is removed).' }) attemptCount!: number;
  @Field(() => Date, { nullable: true, description: 'When the next automatic attempt is due (pending only).' }) nextAttemptAt!: Date | null;
  @Field(() => Int, { nullable: true }) lastHttpStatus!: number | null;
  @Field(() => String, { nullable: true, description: 'The last failure in words, or `Retry cancelled: the endpoint is paused.`' }) lastError!: string | null;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) completedAt!: Date | null;
  @Field(() => GraphQLJSONObject, { description: 'The original payload, as signed and sent.' }) payload!: Record<string, unknown>;
  @Field(() => [WebhookAttempt], { description: 'Each HTTP attempt, oldest first. The name of /v1/webhook_deliveries.' }) attemptLog!: WebhookAttempt[];
  @Field(() => [WebhookAttempt], { deprecationReason: 'Use attemptLog (the name of /v1/webhook_deliveries, where attempts is the count).' }) attempts!: WebhookAttempt[];
  @Field(() => ID, { nullable: true, description: 'The case the event is about (the payload\'s caseId); null for an event about no case.' }) caseId!: string | null;
}

/** The case an event payload is about: its top-level caseId (every case event carries one). */
function caseIdOf(payload: unknown): string | null {
  const caseId = (payload as { caseId?: unknown } | null)?.caseId;
  return typeof caseId === 'string' ? caseId : null;
}

export function webhookDeliveryOf(d: WebhookDeliveryView): WebhookDelivery {
  return {
    deliveryId: d.deliveryId, id: String(d.deliveryId), endpointId: d.endpointId, eventId: d.eventId, eventType: d.eventType, state: d.state, attemptCount: d.attempts,
    nextAttemptAt: d.nextAttemptAt ? new Date(d.nextAttemptAt) : null, lastHttpStatus: d.lastHttpStatus, lastError: d.lastError ?? null,
    createdAt: new Date(d.createdAt), completedAt: d.completedAt ? new Date(d.completedAt) : null,
    payload: d.payload as Record<string, unknown>, attemptLog: d.attemptLog.map(attemptOf), attempts: d.attemptLog.map(attemptOf), caseId: caseIdOf(d.payload),
  };
}

export const WebhookDeliveryConnection = ConnectionOf(WebhookDelivery, 'WebhookDelivery');

@ObjectType({ description: 'A redelivery that was queued: the delivery (now pending) and, when the endpoint is paused, a notice saying it is sent anyway.' })
export class WebhookRedelivery {
  @Field(() => WebhookDelivery) delivery!: WebhookDelivery;
  @Field(() => String, { nullable: true }) notice!: string | null;
}

@ObjectType({ description: 'What recover-since queued: one new manual attempt per failed or skipped delivery, due in event order at a steady rate.' })
export class WebhookRecovery {
  @Field(() => Int, { description: 'Deliveries queued again now.' }) recovered!: number;
  @Field(() => Int, { description: 'Matching deliveries beyond this batch (5,000 at a time): call again for them.' }) remaining!: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When the last of them falls due.' }) lastDueAt!: string | null;
}

@InputType({ description: 'Only deliveries matching every given field.' })
export class WebhookDeliveryFilter {
  @Field(() => ID, { nullable: true }) endpointId?: string | null;
  @Field(() => DeliveryStateEnum, { nullable: true }) state?: DeliveryState | null;
  @Field(() => String, { nullable: true }) eventType?: string | null;
}

@InputType()
export class CreateWebhookEndpointInput {
  @Field({ description: 'https only, on a public address.' }) url!: string;
  @Field(() => String, { nullable: true }) label?: string | null;
  @Field(() => String, { nullable: true, description: 'Blank or absent: 64 hex characters are generated. Otherwise 16 to 256 printable ASCII characters.' })
  secret?: string | null;
  @Field(() => [String], { nullable: true, description: 'Absent or null: every event type (see eventTypes).' }) eventTypes?: string[] | null;
  @Field(() => EndpointStatusEnum, { nullable: true, description: 'Default active; paused creates it paused.' }) status?: EndpointStatus | null;
  @Field(() => Boolean, { nullable: true, deprecationReason: 'Use status (the name of /v1/webhook_endpoints).' }) active?: boolean | null;
}

/** The status a create asks for: `status`, else the deprecated `active` (false is paused), else active. */
export const createdStatusOf = (input: CreateWebhookEndpointInput): EndpointStatus => input.status ?? (input.active === false ? 'paused' : 'active');

@InputType({ description: 'Only the fields given change.' })
export class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => String, { nullable: true }) label?: string | null;
  @Field(() => [String], { nullable: true, description: 'A list of event types, or null for every type; absent: unchanged.' }) eventTypes?: string[] | null;
  @Field(() => String, { nullable: true, description: 'A new secret rotates it from the next attempt; the old one is unrecoverable. Absent or blank: unchanged.' })
  secret?: string | null;
}

@InputType()
export class PingWebhookUrlInput {
  @Field() url!: string;
  @Field(() => String, { nullable: true, description: 'Signs the ping; blank or absent: a fresh random secret.' }) secret?: string | null;
}
