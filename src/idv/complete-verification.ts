import { forTenant } from '../db/index';
import { caseRoster, recordRosterChange } from '../cases/index';
import type { Tx } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import type { IdvResult } from './identity-verifier';
import { updateVerification, type Verification } from './verifications.repository';
import { setPartyRosterStatus } from '../cases/index';

/**
 * Records a verifier's result for one person in the caller's transaction: the verification completed
 * (its link spent), idv.completed (position: the person's index in the case roster, role: their roster
 * role), and the roster status (`verified` on pass, `action_needed` on fail or manual_review) with
 * case.onboarding_progress.changed when that is a change. The caller locked the verification row and
 * checked it is not completed already. The case's pipeline (its route step waits) resumes on idv.completed.
 */
export async function completeVerification(tx: Tx, v: Verification, result: IdvResult & { vendorName: string }): Promise<void> {
  const db = forTenant(tx.manager, v.orgId);
  const now = tx.services.clock.now();
  await updateVerification(db, v.id, {
    state: 'completed', outcome: result.outcome, checks: result.checks, vendorName: result.vendorName, tokenHash: null, completedAt: now,
  }, now);
  const status = result.outcome === 'pass' ? 'verified' : 'action_needed';
  const changed = await setPartyRosterStatus(db, v.casePk, v.personKey, status);
  const roster = await caseRoster(db, v.casePk);
  const position = roster.findIndex((p) => p.personKey === v.personKey);
  await recordEvent(tx, {
    orgId: v.orgId, type: 'idv.completed', case: { pk: v.casePk },
    fields: {
      verificationType: 'identity', vendorName: result.vendorName, position: Math.max(position, 0), role: roster[position]?.role ?? '',
      outcome: result.outcome, completedAt: now.toISOString(),
    },
  });
  if (changed) await recordRosterChange(tx, { orgId: v.orgId, casePk: v.casePk });
}
