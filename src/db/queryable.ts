import type { EntityManager } from 'typeorm';

/**
 * What a repository function runs its SQL on: a transaction's manager (`tx.manager`) or the pool
 * (`svc.db`). A repository function of one tenant takes it bound to the tenant, `forTenant(db, orgId)`
 * (src/db/tenant-db.ts), so a use case calls the same function inside or outside a transaction; one
 * that spans tenants takes it through `crossTenant(db, reason)`.
 */
export type Queryable = Pick<EntityManager, 'query'>;
