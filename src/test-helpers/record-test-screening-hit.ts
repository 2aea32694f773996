import { systemActor, type Actor } from '../access/index';
import type { CaseDetailView } from '../decisions/index';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import { caseSubjects, listHitsOfCases, screenCase } from '../screening/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { testCaseAnswer } from './case-answer';
import { testCaseOf } from './test-cases';
import { TestScreeningHitRequestSchema } from './test-helpers.wire';
import { namesSubject, testEntityId, withTestEntry, type TestWatchlistEntry } from './test-watchlist';

/**
 * POST /v1/test_helpers/cases/{caseId}/screening_hit: a real screening hit on a submitted case. The case is
 * screened again by screening's own use case (screenCase, as the system, as the pipeline's step does), with
 * the tenant's provider given one more list entry that matches the named party (`subject`: the company or one
 * of its people, by name), sanctioned and/or a PEP: the hit is stored as the matcher's are, with
 * screening.hit.detected, then screening.completed, and the case's hit counts recounted (a decision blocker,
 * the policy's facts). The same body again finds its hit already there and changes nothing. Refused (conflict)
 * before submission (there is no application to screen); an unknown subject is validation_failed naming the
 * parties.
 */
export async function recordTestScreeningHit(svc: Services, actor: Actor, caseId: string, body: unknown): Promise<CaseDetailView> {
  const { actor: caller, c } = await testCaseOf(svc, actor, caseId);
  const input = assertSchema(TestScreeningHitRequestSchema, body ?? {});
  if (c.status === 'in_progress') {
    throw new DomainError('conflict', `Case ${c.caseId} is not submitted yet: screening runs on the submitted application (use the submit helper first).`);
  }
  const db = forTenant(svc.db, caller.orgId);
  const subjects = (await caseSubjects(db, c.pk)) ?? [];
  const entry: TestWatchlistEntry = { subjectName: input.subject, sanctioned: input.sanctioned ?? false, pep: input.pep ?? false };
  if (!subjects.some((s) => namesSubject(entry, s))) {
    throw DomainError.validation([{ path: 'subject', message: `must name a screened party of the case: ${[...new Set(subjects.map((s) => s.name))].join(', ')}` }]);
  }
  const hitId = testEntityId(entry);
  const hits = await listHitsOfCases(db, [c.caseId]);
  if (!hits.some((h) => h.hitId === hitId)) {
    await screenCase({ ...svc, screening: withTestEntry(svc.screening, entry) }, systemActor(caller.orgId), { orgId: caller.orgId, casePk: c.pk });
  }
  return testCaseAnswer(svc, caller, c.caseId);
}
