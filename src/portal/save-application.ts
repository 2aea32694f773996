import { isDeepStrictEqual } from 'node:util';
import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { checkDraft, incompleteStep, loadApplication, missingForStep, portalCaseOf, refuseUnlessEditable, writeDraft } from '../cases/index';
import { ApplicationDraftSchema, type ApplicationView } from '../cases/index';
import { clearReviewConfirmation, lockCaseStatus } from '../cases/index';

/**
 * application.save: stores a partial draft (absent fields stay; null clears; a list given replaces the
 * stored one). Every problem comes back at once with its path (`ownership.ubos.1.ownershipPercent`).
 * A website without a scheme is kept with https:// in front. With `completeStep` ("Save and continue") the
 * step must then be done: its required fields, the conditional ones (countries when the company transacts
 * internationally) and, for ownership, every person's email address; otherwise validation_failed lists
 * each and nothing is written (the transaction rolls back).
 * A save that changes an answer clears a confirmed review: the customer confirms the details again before
 * submitting (a save that changes nothing keeps it).
 * Refused (conflict) once the application is submitted. Records no event: a draft is not a fact
 * the tenant's systems hear about; submitting is.
 */
export async function saveApplication(svc: Services, actor: Actor, input: { application: unknown; caseId?: string }): Promise<ApplicationView> {
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  refuseUnlessEditable(c);
  const parsed = assertSchema(ApplicationDraftSchema, input.application);
  const draft = checkDraft(parsed, svc.clock.now().toISOString().slice(0, 10));
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    // The case row is locked so that a save cannot slip in beside a submission.
    refuseUnlessEditable({ status: (await lockCaseStatus(db, Number(c.pk))) ?? 'approved' });
    const before = await loadApplication(db, c);
    await writeDraft(tx, actor.orgId, Number(c.pk), draft);
    const app = await loadApplication(db, c);
    if (!isDeepStrictEqual(before, app)) await clearReviewConfirmation(db, Number(c.pk), svc.clock.now());
    if (parsed.completeStep) {
      const missing = missingForStep(app, parsed.completeStep);
      if (missing.length) throw incompleteStep(missing);
    }
    return { ...app, editable: true };
  });
}
