export { purgeCaseData, PURGED_CATEGORIES, type PurgeResult, type PurgeHold } from './purge-case-data';
export { PURGE_CHECK_TASK, purgeCheckJobKey, enqueuePurgeChecks } from './purge-jobs';
export { sweepPurges, PURGE_SWEEP_BATCH } from './sweep-purges';
export { DATA_PACKAGE_EVENT } from './retention.repository';
export { retentionModule } from './module';
