import { forTenant } from '../../src/db/index';
import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import type { Runtime } from '../../bin/compose';
import { memberActor, systemActor, type Actor } from '../../src/access/index';
import { isDomainError, type Clock, type Services } from '../../src/platform/index';
import type { StepGuard } from '../../src/step-guard';
import {
  CaseReviewFailed, LocalCaseReviewer, formSubmissionTrigger, loadCaseReviewFacts, reviewCase, runAiReview, type CaseReviewer,
} from '../../src/review/index';
import type { Tenant } from '../../src/tenants/index';
import { LlmCaseReviewer, OpenAiCompatibleClient } from '../../worker/vendors/index';
import { compileEventSchemas } from '../events/support';
import { OpenAiTestServer } from '../support/openai-server';
import { newTenant, runtime } from '../support/runtime';
import { caseWithApplication, cleanApplication, insertDocument, insertHit, setRisk } from './support';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const clock: Clock = { now: () => new Date(NOW) };
const TRIGGER = { triggeredBy: formSubmissionTrigger('owner@review.example') };
type Payload = Record<string, unknown>;

/** A risky application: offshore company and UBO, incorporated four months before NOW, source of funds missing. */
const riskyApplication = {
  companyProfile: {
    companyName: 'Review Ltd', registrationNumber: 'KY-4411', country: 'KY', entityType: 'Exempted company', incorporationDate: '2026-02-01',
    registeredAddress: '1 Harbour Drive, George Town', businessActivity: 'Holding company',
  },
  ownership: {
    hasUbos: true,
    directors: [{ name: 'Grace Hopper', nationality: 'US', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' }],
    ubos: [{ name: 'Olaf Berg', ownershipPercent: 60, nationality: 'NO', dateOfBirth: '1970-01-01', countryOfResidence: 'VG' }],
  },
};

describe('AI case review: reviewCase and the local reviewer', function () {
  this.timeout(60_000);
  let rt: Runtime;
  let svc: Services;
  let tenant: Tenant;
  let validators: Map<string, ValidateFunction>;

  before(async () => {
    rt = await runtime();
    svc = { ...rt.svc, clock, reviewer: new LocalCaseReviewer(clock) };
    validators = compileEventSchemas();
  });
  beforeEach(async () => {
    tenant = await newTenant(rt);
  });

  const system = (): Actor => systemActor(tenant.id);
  const reviewRows = (casePk: number) => svc.db.query('SELECT * FROM ai_reviews WHERE org_id = ? AND case_pk = ? ORDER BY id', [tenant.id, casePk]) as Promise<Payload[]>;
  /** The case's ai_review.completed payloads, each checked against the event's JSON Schema. */
  const reviewEvents = async (casePk: number): Promise<Payload[]> => {
    const rows: { data: string }[] = await svc.db.query(
      "SELECT data FROM events WHERE org_id = ? AND case_pk = ? AND type = 'ai_review.completed' ORDER BY seq", [tenant.id, casePk],
    );
    return rows.map((r) => {
      const payload = JSON.parse(r.data) as Payload;
      const validate = validators.get('ai_review.completed')!;
      expect(validate(payload), JSON.stringify(validate.errors)).to.equal(true);
      return payload;
    });
  };

  it('lists the risk factors of hits, documents, risk and application by severity, refers, stores the review and records the exact event', async () => {
    const c = await caseWithApplication(svc, tenant, riskyApplication);
    const certificate = await insertDocument(svc, tenant.id, c.pk, { type: 'Certificate of Incorporation', warnings: ['The seal is hard to read.'] });
    const errored = await insertDocument(svc, tenant.id, c.pk, { type: null, status: 'error', confidence: null });
    const lowDoc = await insertDocument(svc, tenant.id, c.pk, { type: 'proof_of_address', confidence: 'Low' });
    await insertHit(svc, tenant.id, c.pk, { hitId: 'NK-dismissed', subjectName: 'Olaf Berg', subjectRole: 'ubo', isSanctioned: true, triage: 'false_positive', disposition: 'false_positive' });
    await insertHit(svc, tenant.id, c.pk, { hitId: 'NK-open', subjectName: 'Olaf Berg', subjectRole: 'ubo', isSanctioned: true, triage: 'escalate' });
    await insertHit(svc, tenant.id, c.pk, { hitId: 'PEP-1', subjectName: 'Grace Hopper', subjectRole: 'director', isPep: true, triage: 'true_match' });
    await insertHit(svc, tenant.id, c.pk, { hitId: 'NK-triaged-fp', subjectName: 'Grace Hopper', subjectRole: 'director', isSanctioned: true, triage: 'false_positive' });
    await setRisk(svc, tenant.id, c.pk, 'high', 71.5);

    const facts = await loadCaseReviewFacts(forTenant(svc.db, tenant.id), c.pk);
    expect(facts!.application!.missingForSubmission).to.deep.equal(['companyProfile.sourceOfFunds']);
    expect(facts!.risk).to.deep.equal({ band: 'high', compositeScore: 71.5 });

    const review = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
    const riskFactors = [
      { severity: 'HIGH', text: 'Unresolved sanctions hit on Olaf Berg (ubo) (hit NK-open).' },
      { severity: 'HIGH', text: 'Sanctions hit on Grace Hopper (director) judged a false positive by AI triage; an analyst must confirm it before it is cleared (hit NK-triaged-fp).' },
      { severity: 'HIGH', text: 'Risk band high (score 71.5).' },
      { severity: 'MEDIUM', text: 'Possible PEP match on Grace Hopper (director) is unresolved (hit PEP-1).' },
      { severity: 'MEDIUM', text: `Document ${errored} could not be read.` },
      { severity: 'MEDIUM', text: `Document ${lowDoc} (proof_of_address) was read with Low confidence.` },
      { severity: 'MEDIUM', text: 'No passport or ID card is on file for the directors or UBOs.' },
      { severity: 'MEDIUM', text: 'The application is incomplete: 1 item is missing (companyProfile.sourceOfFunds).' },
      { severity: 'MEDIUM', text: 'The company is incorporated in the Cayman Islands, an offshore jurisdiction.' },
      { severity: 'MEDIUM', text: 'UBO Olaf Berg is resident in or a national of the British Virgin Islands, an offshore jurisdiction.' },
      { severity: 'MEDIUM', text: 'The company was incorporated less than a year ago (2026-02-01).' },
      { severity: 'LOW', text: `Document ${certificate} (Certificate of Incorporation) has a warning: The seal is hard to read.` },
    ];
    expect(review).to.deep.equal({
      reviewId: review!.reviewId, triggeredBy: 'system:form-submission:owner@review.example', reviewer: 'local',
      recommendation: 'Refer', confidence: 'High', riskFactors, completedAt: NOW.toISOString(),
    });

    const rows = await reviewRows(c.pk);
    expect(rows).to.have.lengthOf(1);
    const row = rows[0]!;
    expect([Number(row.id), row.triggered_by, row.reviewer, row.recommendation, row.confidence, row.run_key, (row.completed_at as Date).toISOString()])
      .to.deep.equal([review!.reviewId, TRIGGER.triggeredBy, 'local', 'Refer', 'High', null, NOW.toISOString()]);
    expect(typeof row.risk_factors === 'string' ? JSON.parse(row.risk_factors) : row.risk_factors).to.deep.equal(riskFactors);

    const [event, ...more] = await reviewEvents(c.pk);
    expect(more).to.have.lengthOf(0);
    expect(event).to.deep.equal({
      event: 'ai_review.completed', eventId: event!.eventId, eventVersion: 1, timestamp: NOW.toISOString(), orgId: tenant.id,
      caseId: c.caseId, crmRecordId: null, caseSequence: event!.caseSequence,
      reviewId: review!.reviewId, companyName: 'Review Ltd', triggeredBy: 'system:form-submission:owner@review.example',
      recommendation: 'Refer', confidence: 'High', riskFactorCount: 12, riskFactors, completedAt: NOW.toISOString(),
    });
  });

  it('declines on a sanctions match an analyst confirmed, or a prohibited band', async () => {
    const c = await caseWithApplication(svc, tenant, cleanApplication);
    await insertDocument(svc, tenant.id, c.pk, { type: 'certificate_of_incorporation' });
    await insertDocument(svc, tenant.id, c.pk, { type: 'passport' });
    await setRisk(svc, tenant.id, c.pk, 'low', 12);
    await insertHit(svc, tenant.id, c.pk, { hitId: 'NK-9', subjectName: 'Ada Lovelace', subjectRole: 'director', isSanctioned: true, triage: 'escalate', disposition: 'true_match' });
    const confirmed = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
    expect([confirmed!.recommendation, confirmed!.confidence, confirmed!.riskFactors]).to.deep.equal([
      'Decline', 'High', [{ severity: 'HIGH', text: 'Confirmed sanctions match: Ada Lovelace (director) is the listed party (hit NK-9).' }],
    ]);

    const p = await caseWithApplication(svc, tenant, cleanApplication);
    await insertDocument(svc, tenant.id, p.pk, { type: 'certificate_of_incorporation' });
    await insertDocument(svc, tenant.id, p.pk, { type: 'id_card' });
    await setRisk(svc, tenant.id, p.pk, 'prohibited', 100);
    const prohibited = await reviewCase(svc, system(), { orgId: tenant.id, casePk: p.pk }, TRIGGER);
    expect([prohibited!.recommendation, prohibited!.riskFactors]).to.deep.equal(['Decline', [{ severity: 'HIGH', text: 'Risk band prohibited (score 100).' }]]);
  });

  it('approves a complete, low-risk case with nothing to point out, with less confidence while it has no risk assessment', async () => {
    const c = await caseWithApplication(svc, tenant, cleanApplication, 'Plain Widgets Ltd');
    await insertDocument(svc, tenant.id, c.pk, { type: 'certificate_of_incorporation' });
    await insertDocument(svc, tenant.id, c.pk, { type: 'passport' });
    await insertHit(svc, tenant.id, c.pk, { hitId: 'NK-gone', subjectName: 'Ada Lovelace', subjectRole: 'ubo', isSanctioned: true, triage: 'true_match', disposition: 'false_positive' });
    const unscored = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
    expect([unscored!.recommendation, unscored!.confidence, unscored!.riskFactors]).to.deep.equal([
      'Approve', 'Low', [{ severity: 'LOW', text: 'No risk assessment has been made yet.' }],
    ]);
    await setRisk(svc, tenant.id, c.pk, 'low', 8);
    const scored = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
    expect([scored!.recommendation, scored!.confidence, scored!.riskFactors]).to.deep.equal(['Approve', 'High', []]);
    const events = await reviewEvents(c.pk);
    expect(events.map((e) => [e.reviewId, e.recommendation, e.riskFactorCount, e.companyName])).to.deep.equal([
      [unscored!.reviewId, 'Approve', 1, 'Plain Widgets Ltd'], [scored!.reviewId, 'Approve', 0, 'Plain Widgets Ltd'],
    ]);
  });

  it('refers a case whose application is still empty and that has no documents', async () => {
    const c = await caseWithApplication(svc, tenant, null, 'Empty Ltd');
    const review = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
    expect([review!.recommendation, review!.confidence, review!.riskFactors]).to.deep.equal(['Refer', 'High', [
      { severity: 'HIGH', text: 'No documents are on file.' },
      {
        severity: 'MEDIUM',
        text: 'The application is incomplete: 9 items are missing (companyProfile.registrationNumber, companyProfile.country, companyProfile.entityType, …).',
      },
      { severity: 'LOW', text: 'No risk assessment has been made yet.' },
    ]]);
  });

  describe('as a pipeline step', () => {
    /** A guard that answers `claims` and records what it was given. */
    const guardOf = (claims: boolean, onDone?: () => void) => {
      const seen: { claimTx?: unknown; doneTx?: unknown; done: number } = { done: 0 };
      const guard: StepGuard = {
        claim: async (tx) => {
          seen.claimTx = tx;
          return claims;
        },
        done: async (tx) => {
          seen.doneTx = tx;
          seen.done++;
          onDone?.();
        },
      };
      return { guard, seen };
    };

    it('writes nothing when the guard says the step is done', async () => {
      const c = await caseWithApplication(svc, tenant, cleanApplication);
      const { guard, seen } = guardOf(false);
      expect(await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER, guard)).to.equal(null);
      expect(seen.done).to.equal(0);
      expect(await reviewRows(c.pk)).to.have.lengthOf(0);
      expect(await reviewEvents(c.pk)).to.have.lengthOf(0);
    });

    it('claims and marks the step done in the transaction of its writes (a failing done leaves nothing)', async () => {
      const c = await caseWithApplication(svc, tenant, cleanApplication);
      const ok = guardOf(true);
      const review = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER, ok.guard);
      expect(review).not.to.equal(null);
      expect(ok.seen.done).to.equal(1);
      expect(ok.seen.doneTx).to.equal(ok.seen.claimTx);

      const failing = guardOf(true, () => {
        throw new Error('the pipeline could not move on');
      });
      try {
        await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER, failing.guard);
        expect.fail('expected the failing done to throw');
      } catch (err) {
        expect((err as Error).message).to.equal('the pipeline could not move on');
      }
      expect((await reviewRows(c.pk)).map((r) => Number(r.id))).to.deep.equal([review!.reviewId]);
      expect(await reviewEvents(c.pk)).to.have.lengthOf(1);
    });

    it('without a guard, a runKey makes a repeated background run store and record nothing', async () => {
      const c = await caseWithApplication(svc, tenant, cleanApplication);
      const first = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, { ...TRIGGER, runKey: 'form-submission:1' });
      const again = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, { ...TRIGGER, runKey: 'form-submission:1' });
      expect(first).not.to.equal(null);
      expect(again).to.equal(null);
      const other = await reviewCase(svc, system(), { orgId: tenant.id, casePk: c.pk }, { ...TRIGGER, runKey: 'confirm-review:1' });
      expect((await reviewRows(c.pk)).map((r) => [Number(r.id), r.run_key])).to.deep.equal([
        [first!.reviewId, 'form-submission:1'], [other!.reviewId, 'confirm-review:1'],
      ]);
      expect((await reviewEvents(c.pk)).map((e) => e.reviewId)).to.deep.equal([first!.reviewId, other!.reviewId]);
    });
  });

  it('another tenant\'s case is not found, for the system and for an analyst', async () => {
    const c = await caseWithApplication(svc, tenant, cleanApplication);
    const other = await newTenant(rt);
    for (const actor of [systemActor(other.id), memberActor({ orgId: other.id, id: '00000000-0000-4000-8000-000000000009', email: 'a@other.example', role: 'analyst' })]) {
      try {
        await reviewCase(svc, actor, { orgId: tenant.id, casePk: c.pk }, TRIGGER);
        expect.fail('expected not_found');
      } catch (err) {
        expect(isDomainError(err) && err.code).to.equal('not_found');
      }
      try {
        await runAiReview(svc, actor, { caseId: c.caseId });
        expect.fail('expected not_found');
      } catch (err) {
        expect(isDomainError(err) && err.code).to.equal('not_found');
      }
    }
    expect(await reviewRows(c.pk)).to.have.lengthOf(0);
  });

  it('a reviewer that fails or answers nonsense stores nothing: CaseReviewFailed for a job, service_unavailable for an analyst', async () => {
    const c = await caseWithApplication(svc, tenant, cleanApplication);
    const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@review.example', role: 'analyst' });
    const broken: CaseReviewer[] = [
      { name: 'llm:down', review: async () => { throw new Error('The LLM service at http://127.0.0.1:1 could not be reached (ECONNREFUSED).'); } },
      { name: 'llm:odd', review: async () => ({ recommendation: 'Maybe', confidence: 'High', riskFactors: [{ text: '', severity: 'HIGH' }] }) as never },
    ];
    for (const reviewer of broken) {
      const s = { ...svc, reviewer };
      try {
        await reviewCase(s, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
        expect.fail('expected CaseReviewFailed');
      } catch (err) {
        expect(err).to.be.instanceOf(CaseReviewFailed);
        expect((err as CaseReviewFailed).reviewer).to.equal(reviewer.name);
      }
      try {
        await runAiReview(s, analyst, { caseId: c.caseId });
        expect.fail('expected service_unavailable');
      } catch (err) {
        expect(isDomainError(err) && err.code).to.equal('service_unavailable');
        expect((err as Error).message).to.equal(`The AI case review (${reviewer.name}) did not give a usable answer; nothing was stored. Try again later.`);
      }
    }
    expect(await reviewRows(c.pk)).to.have.lengthOf(0);
    expect(await reviewEvents(c.pk)).to.have.lengthOf(0);
  });

  it('runs with the LLM reviewer over a local Chat Completions server, named llm:<model>', async () => {
    const server = await OpenAiTestServer.start({ model: 'review-model-2' });
    try {
      const reviewer = new LlmCaseReviewer(new OpenAiCompatibleClient({ url: server.url, apiKey: server.apiKey, model: server.model, timeoutMs: 5000, maxRetries: 0 }));
      const s = { ...svc, reviewer };
      const c = await caseWithApplication(s, tenant, riskyApplication);
      server.script({ content: { recommendation: 'Refer', confidence: 'Medium', riskFactors: [{ text: 'Offshore ownership through the British Virgin Islands.', severity: 'MEDIUM' }] } });
      const review = await reviewCase(s, system(), { orgId: tenant.id, casePk: c.pk }, TRIGGER);
      expect(review).to.deep.include({ reviewer: 'llm:review-model-2', recommendation: 'Refer', confidence: 'Medium' });
      const [event] = await reviewEvents(c.pk);
      expect([event!.riskFactorCount, event!.riskFactors]).to.deep.equal([1, [{ text: 'Offshore ownership through the British Virgin Islands.', severity: 'MEDIUM' }]]);
      // The facts went to the model: the company, the missing field, the owners (without their emails).
      const user = server.requests[0]!.body.messages[1]!.content as string;
      expect(user).to.include('"caseId": "' + c.caseId + '"').and.include('companyProfile.sourceOfFunds').and.include('Olaf Berg');

      // The service down: the analyst hears it, the key never.
      server.script({ status: 500 }, { status: 500 }, { status: 500 });
      const analyst = memberActor({ orgId: tenant.id, id: '00000000-0000-4000-8000-000000000001', email: 'analyst@review.example', role: 'analyst' });
      try {
        await runAiReview(s, analyst, { caseId: c.caseId });
        expect.fail('expected service_unavailable');
      } catch (err) {
        expect(isDomainError(err) && err.code).to.equal('service_unavailable');
        expect((err as Error).message).not.to.include(server.apiKey);
      }
      expect(await reviewRows(c.pk)).to.have.lengthOf(1);
    } finally {
      await server.close();
    }
  });
});
