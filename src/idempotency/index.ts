export { isValidIdempotencyKey, requestHash, runIdempotent, purgeExpiredIdempotencyKeys, type StoredResponse } from './idempotent';
export { idempotencyModule } from './module';
