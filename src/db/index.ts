export type { Queryable } from './queryable';
export { Tx, inTransaction, isConnectionLost, asServiceUnavailable, RETRY_AFTER_SECONDS } from './transaction';
export {
  createDataSource, connectDataSource, ensureMysqlDatabase, dropMysqlDatabase, runMigrations, DatabaseUnavailableError,
} from './data-source';
export { forTenant, isTenantDb, modeCondition, TenantScopeError, type TenantDb, type TenantMode, type TenantScope } from './tenant-db';
export { crossTenant, type CrossTenantReason } from './cross-tenant';
