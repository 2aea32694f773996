import type { FeatureModule } from '../platform/index';
import { purgeExpiredIdempotencyKeys } from './idempotent';

/** Idempotency-Keys past their 24 hours. */
export const idempotencyModule: FeatureModule = {
  name: 'idempotency',
  sweeps: [{ name: 'idempotency key purge', order: 25, run: purgeExpiredIdempotencyKeys }],
};
