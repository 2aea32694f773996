import { forTenant } from '../db/index';
import { recordRosterChange } from '../cases/index';
import type { Tx } from '../db/transaction';
import { updateVerification, type Verification, type VerificationWrite } from './verifications.repository';
import { setPartyRosterStatus } from '../cases/index';

/** The person started (uploaded, or went on to the vendor): verification and roster `in_progress`, with the roster event when that is a change. */
export async function markVerificationStarted(tx: Tx, v: Verification, extra: Omit<VerificationWrite, 'state'>): Promise<void> {
  const db = forTenant(tx.manager, v.orgId);
  const now = tx.services.clock.now();
  await updateVerification(db, v.id, { ...extra, state: 'in_progress', startedAt: now }, now);
  if (await setPartyRosterStatus(db, v.casePk, v.personKey, 'in_progress')) await recordRosterChange(tx, { orgId: v.orgId, casePk: v.casePk });
}
