/**
 * The words of access control that the permission table is written in: the OAuth scopes a token carries
 * and the roles a member holds, lowest first. Owned here, below the features that store them (oauth's
 * clients, tenants' members), so that the permission table depends on no feature.
 */
export const SCOPES = [
  'read:cases', 'read:documents', 'read:events', 'read:decisions', 'read:screening', 'read:full_case', 'read:evidence', 'cases:write', 'screening:write',
  'webhooks:read', 'webhooks:write', 'screening:search', 'test_helpers',
] as const;
export type Scope = (typeof SCOPES)[number];

export const MEMBER_ROLES = ['analyst', 'mlro', 'compliance_admin', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * A tenant's live data and its test data (Stripe's model): test credentials (client ids `test_…`), a console
 * session switched to "Test data", and the cases, events and webhook endpoints they create, never see the
 * live ones, and the other way round.
 */
export const MODES = ['live', 'test'] as const;
export type Mode = (typeof MODES)[number];
/** The client id prefix of test credentials (live ones start `cli_`). */
export const TEST_CLIENT_PREFIX = 'test_';
