import { SCOPES, type Scope } from './oauth-client.entity';
import { OAuthError } from './oauth.errors';

/** Each scope in words, as the consent screen shows it. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'read:cases': 'Read your organisation’s cases: status, owner, customer and company details.',
  'read:documents': 'Read documents uploaded to cases, including the data extracted from them.',
  'read:events': 'Read the event feed: every change to cases, documents, screening and reviews.',
  'read:decisions': 'Read the decision history of cases.',
  'read:screening': 'Read screening results: sanctions, PEP and adverse-media hits.',
  'read:full_case': 'Read the complete case file (full-parity egress), when your organisation has enabled it.',
  'read:evidence': 'Download a case’s signed evidence pack: its report, documents, decisions with provenance, events and audit trail.',
  'cases:write': 'Create new cases and send onboarding invitations to customers.',
  'screening:write': 'Record dispositions on screening hits.',
  'webhooks:read': 'Read your webhook endpoints (never their secrets) and their delivery log.',
  'webhooks:write': 'Add, change, test and delete webhook endpoints, and redeliver webhook deliveries.',
  'screening:search': 'Search the sanctions and PEP watchlist for a name, with the reasons for each match.',
  'test_helpers': 'With test credentials only: move test cases along (submit, verify identities, screening hits, decisions, monitoring alerts) and advance the test clock.',
};

/** What a connector gets when its authorization request names no scope: read access, no full-parity egress. */
export const DEFAULT_CONNECTOR_SCOPES: Scope[] = ['read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening'];

/**
 * The scopes a request asks for (space-separated, RFC 6749 section 3.3), checked against what the client
 * may hold. Absent or empty: `dflt`, narrowed to the client's scopes. Unknown or not allowed: invalid_scope.
 */
export function requestedScopes(raw: unknown, allowed: readonly Scope[], dflt: readonly Scope[]): Scope[] {
  if (raw !== undefined && typeof raw !== 'string') throw new OAuthError('invalid_request', 'The scope parameter must be a string.');
  const list = (raw ?? '').split(' ').filter(Boolean);
  if (!list.length) {
    const scopes = dflt.filter((s) => allowed.includes(s));
    if (!scopes.length) throw new OAuthError('invalid_scope', 'No scope was requested and the client has no default scope.');
    return scopes;
  }
  const unknown = list.filter((s) => !SCOPES.includes(s as Scope));
  if (unknown.length) throw new OAuthError('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  const refused = list.filter((s) => !allowed.includes(s as Scope));
  if (refused.length) throw new OAuthError('invalid_scope', `The client may not request the scope: ${refused.join(' ')}.`);
  // Canonical order, no duplicates.
  return SCOPES.filter((s) => list.includes(s));
}
