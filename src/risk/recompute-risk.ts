import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { findConsoleCaseRow, lockConsoleCase } from '../cases/index';
import { consoleCaseView, type ConsoleCaseView } from '../cases/index';
import { inTransaction } from '../db/transaction';
import type { Services } from '../services';
import { assessRiskInTx } from './assess-risk';

/**
 * An analyst re-scores a case under the tenant's current risk model (after a model edit, a disposition
 * or new documents): a new assessment and risk.assessed with assessedBy the analyst's email. Any status.
 */
export async function recomputeRisk(svc: Services, actor: Actor, input: { caseId: string }): Promise<ConsoleCaseView> {
  authorize(actor, 'cases:work');
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const c = await lockConsoleCase(db, input.caseId);
    await assessRiskInTx(tx, orgId, c.pk, auditName(actor));
    return consoleCaseView((await findConsoleCaseRow(db, c.caseId))!, svc.config.appUrl);
  });
}
