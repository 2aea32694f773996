import { crossTenant, type Queryable, type TenantDb } from '../db/index';
import type { MemberRole } from '../access/index';

/**
 * Every statement on sso_connections and sso_domains. A tenant's connection is read and written through
 * its handle; a domain is looked up across tenants (`sso-domain`: domains are unique across tenants), to find
 * the tenant an email's domain routes to and whether another tenant holds one already.
 */

/** A tenant's stored connection: the client secret stays sealed here (SECRETS_KEY), opened only to call the IdP. */
export interface SsoConnectionRow {
  orgId: string;
  issuer: string;
  clientId: string;
  secretKeyId: string;
  secretCiphertext: string;
  defaultRole: MemberRole;
  emailDomains: string[];
  createdAt: Date;
  updatedAt: Date;
}

interface RawConnection {
  org_id: string; issuer: string; client_id: string; secret_key_id: string; secret_ciphertext: string;
  default_role: MemberRole; created_at: Date; updated_at: Date;
}

const toConnection = (r: RawConnection, domains: string[]): SsoConnectionRow => ({
  orgId: r.org_id, issuer: r.issuer, clientId: r.client_id, secretKeyId: r.secret_key_id, secretCiphertext: r.secret_ciphertext,
  defaultRole: r.default_role, emailDomains: domains,
  createdAt: new Date(r.created_at), updatedAt: new Date(r.updated_at),
});

/** The tenant's connection with its domains (sorted), or null; `lock` inside a transaction that changes it. */
export async function findConnection(db: TenantDb, options: { lock?: boolean } = {}): Promise<SsoConnectionRow | null> {
  const rows = (await db.query(
    `SELECT org_id, issuer, client_id, secret_key_id, secret_ciphertext, default_role, created_at, updated_at
       FROM sso_connections WHERE org_id = ?${options.lock ? ' FOR UPDATE' : ''}`, [db.orgId],
  )) as RawConnection[];
  if (!rows[0]) return null;
  const domains = (await db.query('SELECT domain FROM sso_domains WHERE org_id = ? ORDER BY domain', [db.orgId])) as { domain: string }[];
  return toConnection(rows[0], domains.map((d) => d.domain));
}

/** Inserts or replaces the tenant's connection row (its domains are written by replaceDomains). */
export async function saveConnection(db: TenantDb, c: Omit<SsoConnectionRow, 'orgId' | 'emailDomains'>): Promise<void> {
  await db.query(
    `INSERT INTO sso_connections (org_id, issuer, client_id, secret_key_id, secret_ciphertext, default_role, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON DUPLICATE KEY UPDATE issuer = VALUES(issuer), client_id = VALUES(client_id), secret_key_id = VALUES(secret_key_id),
       secret_ciphertext = VALUES(secret_ciphertext), default_role = VALUES(default_role), updated_at = VALUES(updated_at)`,
    [db.orgId, c.issuer, c.clientId, c.secretKeyId, c.secretCiphertext, c.defaultRole, c.createdAt, c.updatedAt],
  );
}

/** The domains of `domains` that another tenant's connection holds already (a domain routes to one tenant). */
export async function domainsOfOthers(db: TenantDb, domains: string[]): Promise<string[]> {
  if (!domains.length) return [];
  const rows = (await crossTenant(db, 'sso-domain').query('SELECT domain FROM sso_domains WHERE domain IN (?) AND org_id <> ?', [domains, db.orgId])) as { domain: string }[];
  return rows.map((r) => r.domain);
}

/** Replaces the tenant's domains (a duplicate of another tenant's fails with ER_DUP_ENTRY). */
export async function replaceDomains(db: TenantDb, domains: string[]): Promise<void> {
  await db.query('DELETE FROM sso_domains WHERE org_id = ?', [db.orgId]);
  if (domains.length) await db.query('INSERT INTO sso_domains (domain, org_id) VALUES ?', [domains.map((d) => [d, db.orgId])]);
}

/** Deletes the tenant's connection and its domains; false when it had none. */
export async function deleteConnection(db: TenantDb): Promise<boolean> {
  await db.query('DELETE FROM sso_domains WHERE org_id = ?', [db.orgId]);
  const result = (await db.query('DELETE FROM sso_connections WHERE org_id = ?', [db.orgId])) as { affectedRows?: number };
  return (result.affectedRows ?? 0) > 0;
}

/** The tenant whose connection an email domain routes to, or null. */
export async function findOrgOfDomain(db: Queryable, domain: string): Promise<string | null> {
  const rows = (await crossTenant(db, 'sso-domain').query('SELECT org_id FROM sso_domains WHERE domain = ?', [domain])) as { org_id: string }[];
  return rows[0]?.org_id ?? null;
}
