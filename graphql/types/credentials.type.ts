import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { ApiClientView, ConnectedApp as ConnectedAppView, CreatedClient } from '../../src/oauth/index';

@ObjectType({ description: 'The member who created API credentials.' })
export class ApiClientCreator {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field({ description: 'The member has since been removed from the organisation.' }) removed!: boolean;
}

@ObjectType({ description: 'Pull-API credentials of the organisation (client credentials grant). Never its secret.' })
export class ApiClient {
  @Field(() => ID) clientId!: string;
  @Field() name!: string;
  @Field(() => [String], { description: 'Pull-API scopes, e.g. read:cases cases:write.' }) scopes!: string[];
  @Field({ description: 'live, or test: test credentials (client id test_…) see and make test data only.' }) mode!: string;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last obtained a token or called the pull API (kept to the minute); null when never.' }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it stops working by itself (the token endpoint then answers invalid_client); null when never.' }) expiresAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'After rotateApiClientSecret: until when the previous secret is still accepted; null when there is none.' })
  previousSecretExpiresAt!: Date | null;
  @Field(() => ApiClientCreator, { nullable: true, description: 'Who created it; null when the operator did.' }) createdBy!: ApiClientCreator | null;
  @Field({ description: 'Created by a member who has since been removed: revoke it, or rotate its secret.' }) createdByRemovedMember!: boolean;
}

export function apiClientOf(c: ApiClientView): ApiClient {
  const d = (v: string | null) => (v ? new Date(v) : null);
  return {
    clientId: c.clientId, name: c.name, scopes: c.scopes, mode: c.mode, createdAt: new Date(c.createdAt), lastUsedAt: d(c.lastUsedAt), expiresAt: d(c.expiresAt),
    previousSecretExpiresAt: d(c.previousSecretExpiresAt),
    createdBy: c.createdBy ? { id: c.createdBy.memberId, email: c.createdBy.email, name: c.createdBy.name, removed: c.createdBy.removed } : null,
    createdByRemovedMember: c.createdBy?.removed ?? false,
  };
}

@ObjectType({ description: 'A rotated secret, shown this once; the previous secret is still accepted until previousSecretExpiresAt or until retired.' })
export class RotatedApiClientSecret {
  @Field(() => ID) clientId!: string;
  @Field() clientSecret!: string;
  @Field() previousSecretExpiresAt!: Date;
}

@ObjectType({ description: 'New pull-API credentials. The secret is shown this once: only a hash of it is kept.' })
export class CreatedApiClient {
  @Field(() => ID) clientId!: string;
  @Field() clientSecret!: string;
  @Field(() => [String]) scopes!: string[];
  @Field({ description: 'live, or test (minted while the console shows test data).' }) mode!: string;
}

export function createdApiClientOf(c: CreatedClient): CreatedApiClient {
  return { clientId: c.clientId, clientSecret: c.clientSecret ?? '', scopes: c.scopes, mode: c.mode };
}

@InputType()
export class CreateApiClientInput {
  @Field({ description: 'A name for the client, such as the CRM it serves (1 to 200 characters).' }) name!: string;
  @Field(() => [String], {
    nullable: true,
    description: 'Absent: the default scopes (no webhooks:*, read:full_case or read:evidence; for an analyst, no screening:write either). '
      + 'read:full_case, read:evidence, webhooks:read, webhooks:write and screening:write need a compliance admin.',
  }) scopes?: string[] | null;
  @Field(() => Date, { nullable: true, description: 'When the credentials stop working by themselves (in the future); absent: never.' }) expiresAt?: Date | null;
}

@ObjectType({ description: 'The member who connected an app.' })
export class ConnectedAppMember {
  @Field(() => ID) id!: string;
  @Field() email!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
}

@ObjectType({ description: "A connected app: one member's consent for one connector (an AI assistant), with the scopes granted." })
export class ConnectedApp {
  @Field(() => ID, { description: 'The grant; pass it to disconnectConnectedApp.' }) grantId!: string;
  @Field() clientId!: string;
  @Field() appName!: string;
  @Field(() => ConnectedAppMember) connectedBy!: ConnectedAppMember;
  @Field(() => [String]) scopes!: string[];
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last used a token (pull API or MCP server); null when never.' }) lastUsedAt!: Date | null;
  @Field(() => Int, { description: 'Its AI-assistant tool calls (MCP) in the last 30 days.' }) callsLast30Days!: number;
  @Field(() => Date, { nullable: true, description: 'When it last called a tool of the MCP server; null when never.' }) lastCallAt!: Date | null;
}

export function connectedAppOf(a: ConnectedAppView, calls: { calls: number; lastCallAt: Date | null } | undefined): ConnectedApp {
  return {
    grantId: a.grantId, clientId: a.clientId, appName: a.appName, connectedBy: { id: a.memberId, email: a.memberEmail, name: a.memberName },
    scopes: a.scopes, createdAt: a.createdAt, lastUsedAt: a.lastUsedAt, callsLast30Days: calls?.calls ?? 0, lastCallAt: calls?.lastCallAt ?? null,
  };
}
