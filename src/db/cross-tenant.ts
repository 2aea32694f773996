import type { Queryable } from './queryable';

/**
 * Why a statement spans tenants. Every statement of src/ restricts by `org_id` (a row of the tenants
 * table by its own `id`, which is the org id, counts as restricted). One that must not is issued through
 * `crossTenant(db, reason)` with one of these reasons, so that each is visible in review and in the
 * database's own view of the statement; test/db/cross-tenant.test.ts reads the SQL of src/ to keep it so.
 */
export type CrossTenantReason =
  /**
   * Periodic work over every tenant's rows: the outbox relay, the sweeps that re-hand off due or stuck
   * work (extraction, pipelines, mail, webhook deliveries, monitoring, reminders), purges of expired rows.
   */
  | 'sweep'
  /**
   * The row a presented credential names, before its tenant is known: a token's, code's or session's
   * hash, an OAuth client's id. The tenant comes from the row found.
   */
  | 'token-lookup'
  /** A vendor's callback, which names the vendor's own session id (an identity verification). */
  | 'vendor-callback'
  /**
   * Leasing, finishing or releasing one queued delivery (a webhook delivery, an outgoing mail) by the
   * global id its job or a sweep handed over; the delivery's tenant comes with the row.
   */
  | 'delivery-claim'
  /** A member signing in by email address, unique across tenants, before the tenant is known. */
  | 'sign-in'
  /** A tenant's slug, unique across tenants: whether one is free, and which tenant a public intake URL names. */
  | 'tenant-slug'
  /** An SSO email domain, unique across tenants: whether one is free, and which tenant's identity provider an email's domain names. */
  | 'sso-domain'
  /**
   * Rows of no tenant shared by all: the OAuth connectors the operator registers (org_id NULL), read when
   * a tenant's member uses one and changed by the operator.
   */
  | 'service-operator'
  /**
   * Tables that hold the service's own bookkeeping and no tenant's data: rate-limit counters, sign-in
   * throttling, the event feed counter, the webhook health scan's cursor, revoked access token ids.
   */
  | 'service-state';

/**
 * `db` for statements that span tenants, for one named reason: the same object (a pool, a
 * transaction's manager), whose `query` prefixes the SQL with the comment `/* cross-tenant: <reason> *\/`
 * so that the process list, the slow query log and the query logger show it too. The reason is a
 * constant of the code, never data; nothing is logged per statement (sweeps and token lookups run all
 * the time). Other methods (TypeORM's find, update ...) are the original's, untagged.
 *
 *     await crossTenant(tx.manager, 'token-lookup').query('SELECT org_id FROM invites WHERE token_hash = ?', [hash]);
 */
export function crossTenant<T extends Queryable>(db: T, reason: CrossTenantReason): T {
  const tag = `/* cross-tenant: ${reason} */ `;
  const query: Queryable['query'] = (sql, parameters) => db.query(`${tag}${sql}`, parameters);
  return Object.create(db, { query: { value: query } }) as T;
}
