import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { emailKey } from '../email-address';
import type { Services } from '../services';
import type { CaseSource } from '../cases/index';
import { findCaseRow, findOpenCaseByEmailKey } from '../cases/index';
import { insertOpenedCase } from './open-case';
import { dedupLockKey, ensureDedupLockRows, lockDedupKeys } from '../cases/index';

/**
 * The open-case guard of POST /v1/cases (layer 3) for a customer who comes in by themselves (the public
 * intake): under the same lock row (case_dedup_locks, named by the address's normalized key), the tenant's
 * open case for that email is resumed; only when there is none is a new `CS-<year>-<seq>` case opened
 * (case.created with `source`). Two racing calls for one email, or one racing POST /v1/cases, run one
 * after the other, so they never make two open cases.
 *
 * Call prepareCustomerEmailGuard before the transaction (lock rows are created outside it, as createCase does).
 */
export async function prepareCustomerEmailGuard(svc: Services, orgId: string, email: string): Promise<void> {
  await ensureDedupLockRows(forTenant(svc.db, orgId), [dedupLockKey('email', emailKey(email.trim()))], svc.clock.now());
}

export async function resumeOrOpenCase(
  tx: Tx, orgId: string, input: { email: string; source: 'application_form' | 'doc_upload' },
): Promise<{ caseId: string; pk: number; resumed: boolean; source: CaseSource }> {
  const db = forTenant(tx.manager, orgId);
  const email = input.email.trim();
  const key = emailKey(email);
  await lockDedupKeys(db, [dedupLockKey('email', key)]);
  const open = await findOpenCaseByEmailKey(db, key);
  if (open) {
    const row = await findCaseRow(db, open.case_id);
    return { caseId: row.caseId, pk: Number(row.pk), resumed: true, source: row.source };
  }
  const created = await insertOpenedCase(tx, orgId, { source: input.source, companyName: null, customerEmail: email });
  return { ...created, resumed: false, source: input.source };
}
