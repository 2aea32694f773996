import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { findRetentionPolicy, saveRetentionPolicy } from './schedules.repository';

/** The tenant's retention schedule as the console shows it (every period null: off, the default). */
export interface RetentionPolicyView {
  /** 0 before any policy was set; grows with every change. */
  version: number;
  /** Approved cases: whole years after closure (1 to 100), or null (never purged by the schedule). */
  yearsAfterClosure: number | null;
  /** Declined cases: days after the decline (1 to 36500), or null. */
  declinedDays: number | null;
  /** Withdrawn cases: days after the withdrawal (1 to 36500), or null. */
  withdrawnDays: number | null;
  updatedBy: string | null;
  updatedAt: Date | null;
}

export interface RetentionPolicyInput {
  yearsAfterClosure?: number | null;
  declinedDays?: number | null;
  withdrawnDays?: number | null;
}

const LIMITS = { yearsAfterClosure: [1, 100, 'years'], declinedDays: [1, 36500, 'days'], withdrawnDays: [1, 36500, 'days'] } as const;

/** The tenant's retention policy (any member: the console shows it; only a compliance_admin changes it). */
export async function getRetentionPolicy(svc: Services, actor: Actor): Promise<RetentionPolicyView> {
  authorize(actor, 'retention:read');
  const p = await findRetentionPolicy(forTenant(svc.db, actor));
  return p ? { ...p } : { version: 0, yearsAfterClosure: null, declinedDays: null, withdrawnDays: null, updatedBy: null, updatedAt: null };
}

/**
 * Sets the tenant's retention schedule (compliance_admin), audited as `retention_policy.set` with the previous
 * values. Each period is a whole number in its range or null (that kind of case is not purged by the schedule);
 * all null is off. A new version on every change; setting the same values again writes nothing. The worker's
 * retention sweep purges the cases whose period ended (purgeDueCase), under the version current then.
 */
export async function setRetentionPolicy(svc: Services, actor: Actor, input: RetentionPolicyInput): Promise<RetentionPolicyView> {
  authorize(actor, 'retention:configure');
  const details: ValidationDetail[] = [];
  const value = {} as Record<keyof typeof LIMITS, number | null>;
  for (const [key, [min, max, unit]] of Object.entries(LIMITS) as [keyof typeof LIMITS, readonly [number, number, string]][]) {
    const v = input[key] ?? null;
    if (v !== null && (!Number.isInteger(v) || v < min || v > max)) details.push({ path: key, message: `must be a whole number of ${unit} from ${min} to ${max}, or null (off)` });
    value[key] = v;
  }
  if (details.length) throw DomainError.validation(details);
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const previous = await findRetentionPolicy(db, true);
    const same = previous && previous.yearsAfterClosure === value.yearsAfterClosure && previous.declinedDays === value.declinedDays && previous.withdrawnDays === value.withdrawnDays;
    if (same || (!previous && Object.values(value).every((v) => v === null))) return getRetentionPolicy(svc, actor);
    const now = svc.clock.now();
    const next = { version: (previous?.version ?? 0) + 1, ...value, updatedBy: auditName(actor), updatedAt: now };
    await saveRetentionPolicy(db, next);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'retention_policy.set',
      details: {
        version: next.version, ...value,
        previous: previous ? { version: previous.version, yearsAfterClosure: previous.yearsAfterClosure, declinedDays: previous.declinedDays, withdrawnDays: previous.withdrawnDays } : null,
      },
      at: now,
    });
    return { ...next };
  });
}
