import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { countAssistantCalls } from '../src/assistant/index';
import {
  createApiClient, disconnectApp, listApiClients, listConnectedApps, retirePreviousApiClientSecret, revokeClient, rotateApiClientSecret,
} from '../src/oauth/index';
import { actorOf, type GraphqlContext } from './context';
import {
  ApiClient, apiClientOf, ConnectedApp, connectedAppOf, CreateApiClientInput, CreatedApiClient, createdApiClientOf, RotatedApiClientSecret,
} from './types/credentials.type';

/** Compliance Configuration: pull-API credentials and connected apps. Roles are checked by the use cases. */
@Resolver()
export class CredentialsResolver {
  @Query(() => [ApiClient], { description: "The organisation's pull-API clients that are not revoked, oldest first (never a secret)." })
  async apiClients(@Ctx() ctx: GraphqlContext): Promise<ApiClient[]> {
    return (await listApiClients(ctx.svc, actorOf(ctx))).map(apiClientOf);
  }

  @Query(() => [ConnectedApp], { description: 'Every live connected app of the organisation, whichever member connected it, newest first.' })
  async connectedApps(@Ctx() ctx: GraphqlContext): Promise<ConnectedApp[]> {
    const apps = await listConnectedApps(ctx.svc, actorOf(ctx));
    const calls = await countAssistantCalls(ctx.svc, actorOf(ctx), apps.map((a) => a.grantId));
    return apps.map((a) => connectedAppOf(a, calls.get(a.grantId)));
  }

  @Mutation(() => CreatedApiClient, { description: 'Mints pull-API credentials; the answer carries the client secret, shown this once.' })
  async createApiClient(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateApiClientInput) input: CreateApiClientInput): Promise<CreatedApiClient> {
    return createdApiClientOf(await createApiClient(ctx.svc, actorOf(ctx), { name: input.name, scopes: input.scopes ?? undefined, expiresAt: input.expiresAt ?? null }));
  }

  @Mutation(() => RotatedApiClientSecret, {
    description: 'A new secret for pull-API credentials, shown this once; the previous one still works until retired or for 7 days. '
      + 'Credentials with an elevated scope need a compliance admin.',
  })
  async rotateApiClientSecret(@Ctx() ctx: GraphqlContext, @Arg('clientId', () => ID) clientId: string): Promise<RotatedApiClientSecret> {
    return rotateApiClientSecret(ctx.svc, actorOf(ctx), { clientId });
  }

  @Mutation(() => Boolean, { description: 'Stops accepting the previous secret of rotated pull-API credentials, now.' })
  async retirePreviousApiClientSecret(@Ctx() ctx: GraphqlContext, @Arg('clientId', () => ID) clientId: string): Promise<boolean> {
    return (await retirePreviousApiClientSecret(ctx.svc, actorOf(ctx), { clientId })).retired;
  }

  @Mutation(() => Boolean, { description: 'Revokes pull-API credentials: every token of the client fails from its next call.' })
  async revokeApiClient(@Ctx() ctx: GraphqlContext, @Arg('clientId', () => ID) clientId: string): Promise<boolean> {
    return (await revokeClient(ctx.svc, actorOf(ctx), { clientId })).revoked;
  }

  @Mutation(() => Boolean, { description: "Disconnects a connected app (every access and refresh token of it stops). Another member's app needs admin." })
  async disconnectConnectedApp(@Ctx() ctx: GraphqlContext, @Arg('grantId', () => ID) grantId: string): Promise<boolean> {
    return (await disconnectApp(ctx.svc, actorOf(ctx), { grantId })).disconnected;
  }
}
