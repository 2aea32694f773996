import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import {
  findCasePkById, findPackageDeliveries, lockCaseForPurge, readZeroRetentionSince, DATA_PACKAGE_EVENT,
} from './retention.repository';
import { deletePurgedBlobs, purgeLockedCase, PURGED_CATEGORIES } from './purge-locked-case';
import { findActiveLegalHold } from './schedules.repository';

export { PURGED_CATEGORIES };

/** Why a purge waits (nothing was purged). */
export type PurgeHold =
  /** The tenant has zero retention off. */
  | 'zero_retention_off'
  /** The case is on legal hold (setLegalHold): nothing is purged until it is released. */
  | 'legal_hold'
  /** No data package recorded since zero retention was switched on. */
  | 'no_data_package'
  /** The package is not fanned out to the endpoints yet. */
  | 'not_relayed'
  /** No endpoint is subscribed to it: never purge data nobody received. */
  | 'no_subscribed_endpoint'
  /** A delivery is pending, failed or skipped_paused. */
  | 'delivery_outstanding';

export type PurgeResult =
  | { outcome: 'purged'; caseId: string; purgedAt: string; eventId: string; blobsDeleted: number }
  | { outcome: 'already_purged'; caseId: string; purgedAt: string; blobsDeleted: number }
  | { outcome: 'held'; caseId: string; reason: PurgeHold; eventId: string | null; delivered: number; deliveries: number };

/**
 * Zero retention: purges the personal data of one case once every endpoint subscribed to its latest
 * case.data_package.delivered (recorded since the tenant switched zero retention on) has a `delivered`
 * (2xx) delivery of it. Never before that 2xx: a pending, failed or skipped_paused delivery holds it, and
 * so does having no subscribed endpoint at all. In one transaction with the case row locked: the
 * personal fields go (retention.repository.ts purgePersonalData), cases.purged_at is set, and the audit
 * log records `case.personal_data.purged` (categories, counts, when, which event). After commit the
 * documents' blobs are deleted (a missing blob is fine) and their keys forgotten.
 *
 * Idempotent: a purged case is not purged again; only blob deletions a crash left behind are finished.
 * `ref` is the case's internal pk (the job's payload) or its public id.
 */
export async function purgeCaseData(svc: Services, actor: Actor, ref: { casePk: number } | { caseId: string }): Promise<PurgeResult> {
  authorize(actor, 'retention:purge');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const casePk = 'casePk' in ref ? ref.casePk : await findCasePkById(db, ref.caseId);
  if (casePk === null || !Number.isSafeInteger(casePk)) throw DomainError.notFound('Case');
  const decided = await inTransaction(svc, async (tx): Promise<PurgeResult> => {
    const db = forTenant(tx.manager, actor);
    const c = await lockCaseForPurge(db, casePk);
    if (!c) throw DomainError.notFound('Case');
    if (c.purgedAt) return { outcome: 'already_purged', caseId: c.caseId, purgedAt: c.purgedAt.toISOString(), blobsDeleted: 0 };
    const held = (reason: PurgeHold, p: { eventId: string; delivered: number; deliveries: number } | null = null): PurgeResult => ({
      outcome: 'held', caseId: c.caseId, reason, eventId: p?.eventId ?? null, delivered: p?.delivered ?? 0, deliveries: p?.deliveries ?? 0,
    });
    const since = await readZeroRetentionSince(db);
    if (!since) return held('zero_retention_off');
    if (await findActiveLegalHold(db, casePk)) return held('legal_hold');
    const pkg = await findPackageDeliveries(db, casePk, since);
    if (!pkg) return held('no_data_package');
    if (!pkg.relayed) return held('not_relayed', pkg);
    if (pkg.deliveries === 0) return held('no_subscribed_endpoint', pkg);
    if (pkg.delivered < pkg.deliveries) return held('delivery_outstanding', pkg);

    const event = { type: DATA_PACKAGE_EVENT, eventId: pkg.eventId, occurredAt: pkg.occurredAt.toISOString(), deliveredTo: pkg.delivered };
    const { purgedAt: now } = await purgeLockedCase(tx, {
      orgId, casePk, caseId: c.caseId, actorName: auditName(actor), basis: 'zero_retention', action: 'case.personal_data.purged', policy: null, grounds: { event },
      auditDetails: (counts, at) => ({ caseId: c.caseId, categories: [...PURGED_CATEGORIES], counts, purgedAt: at.toISOString(), event }),
    });
    return { outcome: 'purged', caseId: c.caseId, purgedAt: now.toISOString(), eventId: pkg.eventId, blobsDeleted: 0 };
  });
  if (decided.outcome === 'held') return decided;
  // After commit: the bytes go, then the key. A crash in between leaves the key, and the sweep (or the
  // next check) deletes again; BlobStore.delete of a missing blob is not an error.
  const blobsDeleted = await deletePurgedBlobs(svc, db, casePk);
  if (decided.outcome === 'purged') svc.log.info({ orgId, caseId: decided.caseId, eventId: decided.eventId, blobsDeleted }, 'zero retention: personal data purged');
  return { ...decided, blobsDeleted };
}
