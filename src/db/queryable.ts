import type { EntityManager } from 'typeorm';

/**
 * What a repository function runs its SQL on: a transaction's manager (`tx.manager`) or the pool
 * (`svc.db`). Repository functions take it first and the tenant second, `(db, orgId, ...)`, so a use
 * case calls the same function inside or outside a transaction.
 */
export type Queryable = Pick<EntityManager, 'query'>;
