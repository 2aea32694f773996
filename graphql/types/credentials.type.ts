import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { ApiClientView, ConnectedApp as ConnectedAppView, CreatedClient } from '../../src/oauth/index';

@ObjectType({ description: 'Pull-API credentials of the organisation (client credentials grant). Never its secret.' })
export class ApiClient {
  @Field(() => ID) clientId!: string;
  @Field() name!: string;
  @Field(() => [String], { description: 'Pull-API scopes, e.g. read:cases cases:write.' }) scopes!: string[];
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'When it last obtained a token; null when never.' }) lastUsedAt!: Date | null;
}

export function apiClientOf(c: ApiClientView): ApiClient {
  return { clientId: c.clientId, name: c.name, scopes: c.scopes, createdAt: new Date(c.createdAt), lastUsedAt: c.lastUsedAt ? new Date(c.lastUsedAt) : null };
}

@ObjectType({ description: 'New pull-API credentials. The secret is shown this once: only a hash of it is kept.' })
export class CreatedApiClient {
  @Field(() => ID) clientId!: string;
  @Field() clientSecret!: string;
  @Field(() => [String]) scopes!: string[];
}

export function createdApiClientOf(c: CreatedClient): CreatedApiClient {
  return { clientId: c.clientId, clientSecret: c.clientSecret ?? '', scopes: c.scopes };
}

@InputType()
export class CreateApiClientInput {
  @Field({ description: 'A name for the client, such as the CRM it serves (1 to 200 characters).' }) name!: string;
  @Field(() => [String], { nullable: true, description: 'Absent: every scope but read:full_case.' }) scopes?: string[] | null;
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
