import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { getPerson } from '../persons/index';
import type { Services } from '../services';
import { erasePersonOnLockedCase, isSoleSubject, type SubjectOnCase } from './erase-person-on-case';
import { deletePurgedBlobs, purgeLockedCase, PURGED_CATEGORIES } from './purge-locked-case';
import { findCasePkById, lockCaseForPurge } from './retention.repository';
import { retentionPeriod } from './retention-period';
import {
  findActiveLegalHold, findCaseRetentionFacts, findRetentionPolicy, insertErasureDecision, insertErasureRequest, type ErasureDecisionRecord,
} from './schedules.repository';

/** The AML record-keeping period applied to an active relationship when the policy sets none (years after it ends). */
export const AML_DEFAULT_YEARS = 5;

export interface ErasureDecisionView {
  caseId: string;
  /** erased (now), already_erased (purged before), or retained (until `retainUntil`, null while the relationship is active or a hold stands). */
  outcome: ErasureDecisionRecord['outcome'];
  /** For `erased`: `case` (the person was its only subject: the whole case's personal data went) or `person` (only theirs); else null. */
  scope: ErasureDecisionRecord['scope'];
  retainUntil: Date | null;
  legalBasis: string | null;
  erasedAt: Date | null;
}

export interface ErasureRequestView {
  requestId: number;
  personId: number;
  decisions: ErasureDecisionView[];
}

/**
 * A data subject's erasure request for a person of the registry (compliance_admin), audited as
 * `subject.erasure_requested`, then one decision per case the person is linked to, each audited as
 * `case.erasure.decided`: erased now where nothing obliges keeping it (only the person's data when others' is on the
 * case too: erasePersonOnLockedCase; the whole case's, purged as zero retention does with a deletion certificate of
 * basis `erasure_request`, when the person is its only subject: isSoleSubject); otherwise retained with its legal
 * basis: a legal hold (until released), an active relationship (approved and monitored: AML record keeping, the
 * policy's years, else AML_DEFAULT_YEARS, after it ends), or a retention period still running (until its end). A
 * retained case with a date is erased by the retention schedule sweep on that date. Each case in its own transaction.
 */
export async function requestErasure(svc: Services, actor: Actor, input: { personId: number; reason: string }): Promise<ErasureRequestView> {
  authorize(actor, 'subject_requests:manage');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (!reason || reason.length > 2000) throw DomainError.validation([{ path: 'reason', message: 'must say why, in 1 to 2000 characters' }]);
  const person = await getPerson(svc, actor, input.personId);
  if (!person) throw DomainError.notFound('Person');
  const orgId = actor.orgId;
  const by = auditName(actor);
  const caseIds = [...new Set(person.cases.filter((c) => c.active).map((c) => c.caseId))];
  const requestId = await inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const id = await insertErasureRequest(forTenant(tx.manager, actor), { personId: person.personId, reason, requestedBy: by, at: now });
    await recordAudit(tx, { orgId, actor: by, action: 'subject.erasure_requested', details: { requestId: id, personId: person.personId, reason, caseIds }, at: now });
    return id;
  });

  const decisions: ErasureDecisionView[] = [];
  for (const caseId of caseIds) {
    const casePk = await findCasePkById(forTenant(svc.db, actor), caseId);
    if (casePk === null) continue;
    const decision = await inTransaction(svc, async (tx): Promise<ErasureDecisionView> => {
      const db = forTenant(tx.manager, actor);
      const c = (await lockCaseForPurge(db, casePk))!;
      const now = svc.clock.now();
      const facts = (await findCaseRetentionFacts(db, casePk))!;
      const policy = await findRetentionPolicy(db);
      const hold = await findActiveLegalHold(db, casePk);
      const period = retentionPeriod(policy, facts, now);
      let d: ErasureDecisionView;
      const subject: SubjectOnCase = {
        personKeys: person.cases.filter((l) => l.active && l.caseId === caseId).map((l) => l.personKey),
        emails: (person.emails ?? []).map((e) => e.toLowerCase()),
        documentIds: person.documents.filter((doc) => doc.caseId === caseId).map((doc) => doc.documentId),
      };
      if (c.purgedAt) d = { caseId, outcome: 'already_erased', scope: null, retainUntil: null, legalBasis: null, erasedAt: c.purgedAt };
      else if (hold) d = { caseId, outcome: 'retained', scope: null, retainUntil: null, legalBasis: `Legal hold: ${hold.reason}`, erasedAt: null };
      else if (facts.status === 'approved' && facts.monitored) {
        d = {
          caseId, outcome: 'retained', scope: null, retainUntil: null, erasedAt: null,
          legalBasis: `AML record keeping: ${policy?.yearsAfterClosure ?? AML_DEFAULT_YEARS} years after the relationship ends (the relationship is active)`,
        };
      } else if (period.state === 'running') d = { caseId, outcome: 'retained', scope: null, retainUntil: period.dueAt, legalBasis: period.basis, erasedAt: null };
      else if (!(await isSoleSubject(tx, orgId, casePk, subject))) {
        // Others' data is on the case too (another director or owner, an applicant who is someone else): only the person's goes.
        const { erasedAt } = await erasePersonOnLockedCase(tx, { orgId, casePk, caseId, actorName: by, requestId, personId: person.personId, subject });
        d = { caseId, outcome: 'erased', scope: 'person', retainUntil: null, legalBasis: null, erasedAt };
      } else {
        await purgeLockedCase(tx, {
          orgId, casePk, caseId, actorName: by, basis: 'erasure_request', action: 'case.personal_data.purged', policy: null,
          grounds: { requestId, personId: person.personId, reason },
          auditDetails: (counts, at) => ({ caseId, basis: 'erasure_request', requestId, personId: person.personId, categories: [...PURGED_CATEGORIES], counts, purgedAt: at.toISOString() }),
        });
        d = { caseId, outcome: 'erased', scope: 'case', retainUntil: null, legalBasis: null, erasedAt: now };
      }
      await insertErasureDecision(db, requestId, casePk, d);
      await recordAudit(tx, {
        orgId, actor: by, action: 'case.erasure.decided',
        details: { caseId, requestId, personId: person.personId, outcome: d.outcome, scope: d.scope, retainUntil: d.retainUntil?.toISOString() ?? null, legalBasis: d.legalBasis },
        at: now,
      });
      return d;
    });
    if (decision.outcome === 'erased') await deletePurgedBlobs(svc, forTenant(svc.db, actor), casePk);
    decisions.push(decision);
  }
  return { requestId, personId: person.personId, decisions };
}
