import type { Queryable } from './queryable';

/**
 * What a repository function of one tenant runs its SQL on: a pool or a transaction's manager bound to
 * one tenant by `forTenant(db, orgId)`. Repository functions take it first, `(db: TenantDb, ...)`, and
 * read the tenant from it (`db.orgId`), so no caller can pair a handle with another tenant's id.
 *
 * Every statement issued through it must bind the tenant: its parameters hold `orgId` (the statement
 * says `org_id = ?`, or names the tenants row by its id), or, for a bulk `INSERT ... VALUES ?`, every
 * row of the rows parameter holds it. One that does not is refused with
 * TenantScopeError before it reaches the database. Statements that must span tenants go through
 * `crossTenant(db, reason)` instead (src/db/cross-tenant.ts).
 */
export interface TenantDb extends Queryable {
  readonly orgId: string;
}

/** A statement issued through a tenant handle that does not bind the handle's tenant: a defect, never data. */
export class TenantScopeError extends Error {
  constructor(sql: string) {
    super(`statement on a tenant handle does not bind its tenant: ${sql.replace(/\s+/g, ' ').slice(0, 120)}`);
    this.name = 'TenantScopeError';
  }
}

const handles = new WeakSet<object>();

/** The tenant is a parameter of its own, or a column of every row of a bulk insert's rows parameter. */
function bindsTenant(parameters: unknown[] | undefined, orgId: string): boolean {
  if (!parameters) return false;
  return parameters.some((p) => p === orgId
    || (Array.isArray(p) && p.length > 0 && p.every((row) => Array.isArray(row) && row.includes(orgId))));
}

export function isTenantDb(db: Queryable): db is TenantDb {
  return handles.has(db);
}

/**
 * `db` bound to the tenant `orgId`. Given a handle already bound to that tenant, returns it; given one
 * bound to another tenant, throws (a use case mixing two tenants is a defect).
 */
export function forTenant(db: Queryable, orgId: string): TenantDb {
  if (typeof orgId !== 'string' || orgId === '') throw new TypeError('forTenant needs an org id');
  if (isTenantDb(db)) {
    if (db.orgId !== orgId) throw new TenantScopeError(`forTenant(${orgId}) over a handle of another tenant`);
    return db;
  }
  const handle: TenantDb = {
    orgId,
    query: (sql: string, parameters?: unknown[]) => {
      if (!bindsTenant(parameters, orgId)) return Promise.reject(new TenantScopeError(sql));
      return db.query(sql, parameters);
    },
  };
  handles.add(handle);
  return handle;
}
