import type { MemberRole, Mode, Scope } from './vocabulary';

/**
 * Who calls a use case. Every use case takes one right after `svc`, checks it (authorize), scopes every
 * query to `actor.orgId`, and writes `auditName(actor)` into audit lines and events. Adapters only build
 * an Actor from their credentials (a verified token, a session, the CLI); they never check permissions.
 */
export type Actor = ApiClientActor | ConnectorActor | MemberActor | CustomerActor | OperatorActor | SystemActor;

/** A tenant's pull-API credentials (client credentials grant): what its token's scopes allow. */
export interface ApiClientActor {
  kind: 'api_client';
  orgId: string;
  clientId: string;
  scopes: Scope[];
  /** The access token's jti. */
  tokenId: string;
  /** Test credentials (client id `test_…`) see and make test data only; live ones live data only. */
  mode: Mode;
}

/** A connector (AI assistant, CRM app) acting for the member who consented: what the grant's scopes allow. */
export interface ConnectorActor {
  kind: 'connector';
  orgId: string;
  clientId: string;
  /** The connected app (OAuth grant). */
  grantId: string;
  /** The member who consented. */
  memberId: string;
  scopes: Scope[];
  tokenId: string;
  /** Connector grants are always live. */
  mode: 'live';
}

/** A signed-in member of the tenant (console, portal staff): what the role allows. */
export interface MemberActor {
  kind: 'member';
  orgId: string;
  memberId: string;
  email: string;
  role: MemberRole;
  /** The data the member works on: live, or test data while their console session has "Test data" switched on. */
  mode: Mode;
  /**
   * The member's second factor as their console session knows it (absent: a door without sessions, which
   * asks for no second factor). authorize() reads it: enrolment-only until enrolled when the tenant
   * requires MFA, and step-up for sensitive changes.
   */
  secondFactor?: MemberSecondFactor;
}

export interface MemberSecondFactor {
  /** The member has at least one confirmed second factor (TOTP or passkey). */
  enrolled: boolean;
  /** Their tenant requires MFA (setMfaRequired). */
  required: boolean;
  /** This session proved a second factor in the last STEP_UP_WINDOW_MS (10 minutes). */
  fresh: boolean;
}

/**
 * The customer of one case, signed in to the customer portal (a redeemed magic link or a confirmed
 * public-intake email): may act on that case only, as the portal permissions allow.
 */
export interface CustomerActor {
  kind: 'customer';
  orgId: string;
  /** The one case the portal session is bound to (internal pk and public id). */
  casePk: number;
  caseId: string;
  /** The address the customer proved (the invite's or the confirmed intake email). */
  email: string;
}

/** The service operator, through the CLI on the service's own machine, acting on one tenant. */
export interface OperatorActor {
  kind: 'operator';
  orgId: string;
}

/** The service itself: a scheduled or chained step (`system`) or the decision policy (`policy_engine`). */
export interface SystemActor {
  kind: 'system';
  orgId: string;
  name: 'system' | 'policy_engine';
}

/**
 * The service operator acting on the service itself, outside any tenant: creating tenants, registering
 * connectors, revoking any client. Only the composition root (the CLI in bin/) holds it.
 */
export interface ServiceOperator {
  kind: 'service_operator';
}

export const SERVICE_OPERATOR: ServiceOperator = { kind: 'service_operator' };

/** Callers that hold an OAuth access token (the /v1 API, the MCP server). */
export type TokenActor = ApiClientActor | ConnectorActor;

/**
 * The mode a caller works in: an API client's credentials', a console member's session's; live for every
 * other caller (connectors, the operator, the system). Callers bound to a case (a portal customer, the
 * system running a case's steps) are not restricted by it: their case's own mode governs.
 */
export function principalMode(actor: Actor | ServiceOperator): Mode {
  return 'mode' in actor ? actor.mode : 'live';
}

/** The mode a caller is kept to (an API client, a connector, a console member), or undefined for one that is not. */
export function restrictedMode(actor: Actor | ServiceOperator): Mode | undefined {
  return 'mode' in actor ? actor.mode : undefined;
}

/** The name written in audit lines and events (`changedBy`, `raisedBy` ...): never free text from an adapter. */
export function auditName(actor: Actor | ServiceOperator): string {
  switch (actor.kind) {
    case 'api_client':
      return `api_client:${actor.clientId}`;
    case 'connector':
      return `connector:${actor.clientId}`;
    case 'member':
    case 'customer':
      return actor.email;
    case 'operator':
    case 'service_operator':
      return 'operator';
    case 'system':
      return actor.name;
  }
}

/** The actor of a signed-in member (built by the session check of the console or the consent pages). */
export function memberActor(
  member: { orgId: string; id: string; email: string; role: MemberRole }, secondFactor?: MemberSecondFactor, mode: Mode = 'live',
): MemberActor {
  const actor: MemberActor = { kind: 'member', orgId: member.orgId, memberId: member.id, email: member.email, role: member.role, mode };
  if (secondFactor) actor.secondFactor = secondFactor;
  return actor;
}

export function operatorActor(orgId: string): OperatorActor {
  return { kind: 'operator', orgId };
}

export function systemActor(orgId: string, name: SystemActor['name'] = 'system'): SystemActor {
  return { kind: 'system', orgId, name };
}
