export type { Queryable } from './queryable';
export { Tx, inTransaction, isConnectionLost, asServiceUnavailable, RETRY_AFTER_SECONDS } from './transaction';
export {
  createDataSource, connectDataSource, ensureMysqlDatabase, dropMysqlDatabase, runMigrations, DatabaseUnavailableError,
} from './data-source';
export { forTenant, isTenantDb, TenantScopeError, type TenantDb } from './tenant-db';
export { crossTenant, type CrossTenantReason } from './cross-tenant';
