export { isValidIdempotencyKey, requestHash, runIdempotent, purgeExpiredIdempotencyKeys, type StoredResponse } from './idempotent';
