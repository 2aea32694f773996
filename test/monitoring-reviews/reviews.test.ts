import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { operatorActor } from '../../src/access/index';
import { listAuditLog } from '../../src/audit/index';
import {
  approveMonitoringReview, dispositionMonitoringReview, getMonitoringReview, listMonitoringReviews, reopenMonitoringReview, resolveMonitoringReview,
} from '../../src/monitoring-reviews/index';
import { DEFAULT_RISK_MODEL, updateRiskModel } from '../../src/risk/index';
import { setDefaultMlro, type Tenant } from '../../src/tenants/index';
import { removeMember } from '../../src/members/index';
import { compileEventSchemas, eventSchemaFiles } from '../events/support';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';
import { alert, eventCursor, expectInFeed, fact, fourEyes, member, monitoredCase, own } from './support';

const SHARED = ['reviewCaseId', 'reviewRef', 'alertType', 'severity', 'subjectRole', 'subjectRef', 'personId', 'occurrenceNo', 'crmSource'];
const AE = { profile: { country: 'AE' } }; // 12.5 points: low; a confirmed sanctions match (+25) makes it medium

describe('monitoring reviews: opening, verdicts, four-eyes, MLRO hand-offs, reopen', function () {
  this.timeout(120_000);
  let rt: Runtime;
  let tenant: Tenant;
  before(async () => {
    rt = await runtime();
  });
  beforeEach(async () => {
    tenant = await newTenant(rt);
  });

  const reviewsOf = async (casePk: number) =>
    (await rt.svc.db.query('SELECT review_case_id FROM monitoring_reviews WHERE org_id = ? AND case_pk = ? ORDER BY id', [tenant.id, casePk]))
      .map((r: { review_case_id: string }) => r.review_case_id) as string[];

  it('an alert on a UBO opens a review: monitoring.review.opened with the shared fields, state open, source, occurrenceNo 1, priorDisposition null', async () => {
    const c = await monitoredCase(rt, tenant);
    const events = await eventCursor(rt, tenant, c);
    await alert(rt, fact(tenant, c, { personId: 42, source: 'ad_hoc' }));
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.opened']);
    const [id] = await reviewsOf(c.pk);
    const year = new Date().getUTCFullYear();
    expect(got[0]!.payload).to.include({ caseId: c.caseId, crmSource: null });
    expect(own(got[0]!.payload)).to.deep.equal({
      reviewCaseId: id, reviewRef: `MR-${year}-00001`, alertType: 'sanctions_hit', severity: 'high', subjectRole: 'UBO', subjectRef: 'ubo_0', personId: 42,
      occurrenceNo: 1, state: 'open', source: 'ad_hoc', priorDisposition: null,
    });
    const review = (await getMonitoringReview(rt.svc, await member(rt, tenant, 'analyst'), { id: id! }))!;
    expect(review).to.include({ state: 'open', reviewRef: `MR-${year}-00001`, caseId: c.caseId, occurrenceNo: 1 });
    expect(review.alerts).to.have.length(1);
    expect(review.history.map((h) => h.action)).to.deep.equal(['opened']);
    await expectInFeed(rt, tenant, got);
  });

  it('a repeat of the fact while its review is unclosed attaches to it and records no review event; other subjects', async () => {
    const c = await monitoredCase(rt, tenant);
    const analyst = await member(rt, tenant, 'analyst');
    await alert(rt, fact(tenant, c));
    const events = await eventCursor(rt, tenant, c);
    await alert(rt, fact(tenant, c, { fingerprint: 'fp-2' }));
    const [id] = await reviewsOf(c.pk);
    await dispositionMonitoringReview(rt.svc, analyst, { id: id!, disposition: 'false_positive', note: 'Different date of birth.' });
    await events.since();
    await alert(rt, fact(tenant, c, { fingerprint: 'fp-3' }));
    expect(await events.since(), 'no event while pending approval either').to.deep.equal([]);
    const review = (await getMonitoringReview(rt.svc, analyst, { id: id! }))!;
    expect(review.alerts).to.have.length(3);
    expect(review.history.map((h) => h.action)).to.deep.equal(['opened', 'alert_attached', 'dispositioned', 'alert_attached']);

    // A director, an intermediary entity and the company itself open reviews; an alert with no subject does not.
    await alert(rt, fact(tenant, c, { factKey: 'pep_change:dir_1', alertType: 'pep_change', subjectRole: 'Director', subjectRef: 'dir_1' }));
    await alert(rt, fact(tenant, c, { factKey: 'adverse_media:int', alertType: 'adverse_media', subjectRole: 'Intermediary', subjectRef: 'int_0' }));
    await alert(rt, fact(tenant, c, { factKey: 'structure_change:company', alertType: 'structure_change', subjectRole: 'Company', subjectRef: 'company' }));
    await alert(rt, fact(tenant, c, { factKey: 'registry:none', alertType: 'not_found', subjectRole: null, subjectRef: null }));
    const opened = (await events.since()).filter((e) => e.type === 'monitoring.review.opened').map((e) => e.payload.subjectRef);
    expect(opened).to.deep.equal(['dir_1', 'int_0', 'company']);
  });

  it('numbers occurrences of the same fact and carries the previous verdict: priorDisposition, isReversal on a confirmed dismissed match', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, b] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b')];
    await alert(rt, fact(tenant, c));
    let [id] = await reviewsOf(c.pk);
    await dispositionMonitoringReview(rt.svc, a, { id: id!, disposition: 'false_positive', note: 'Not our UBO.' });
    await approveMonitoringReview(rt.svc, b, { id: id! });

    const events = await eventCursor(rt, tenant, c);
    await alert(rt, fact(tenant, c, { fingerprint: 'fp-again' }));
    const [opened] = await events.since();
    expect(opened!.payload).to.include({ event: 'monitoring.review.opened', occurrenceNo: 2, priorDisposition: 'false_positive' });
    id = (await reviewsOf(c.pk))[1];
    await dispositionMonitoringReview(rt.svc, a, { id: id!, disposition: 'true_match', note: 'New evidence: it is our UBO.' });
    const [verdict] = await events.since();
    expect(own(verdict!.payload)).to.include({ disposition: 'true_match', dispositionBy: a.email, isReversal: true, occurrenceNo: 2 });
    await approveMonitoringReview(rt.svc, b, { id: id! });

    await alert(rt, fact(tenant, c, { fingerprint: 'fp-third' }));
    const third = (await events.since()).find((e) => e.type === 'monitoring.review.opened')!;
    expect(third.payload).to.include({ occurrenceNo: 3, priorDisposition: 'true_match' });
    // Another fact of the same case counts on its own.
    await alert(rt, fact(tenant, c, { factKey: 'sanctions_hit:ubo_1:ent-9', subjectRef: 'ubo_1' }));
    expect((await events.since())[0]!.payload).to.include({ occurrenceNo: 1, priorDisposition: null });
  });

  it('the state table row by row: each action from each state, the refusals naming the state', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, b, mlro] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b'), await member(rt, tenant, 'mlro')];
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const verdict = (d = 'false_positive') => dispositionMonitoringReview(rt.svc, a, { id, disposition: d, note: 'n' });
    const approve = () => approveMonitoringReview(rt.svc, b, { id });
    const resolve = () => resolveMonitoringReview(rt.svc, mlro, { id, disposition: 'false_positive', note: 'n' });
    const reopen = () => reopenMonitoringReview(rt.svc, mlro, { id, reason: 'r' });
    const refused = async (p: Promise<unknown>, state: string) => {
      const err = await rejection(p);
      expect(err).to.include({ code: 'invalid_transition' });
      expect(err.message).to.contain(`is ${state}`);
    };
    // open
    await refused(approve(), 'open');
    await refused(resolve(), 'open');
    await refused(reopen(), 'open');
    expect((await verdict()).state).to.equal('pending_approval');
    // pending_approval
    await refused(verdict(), 'pending_approval');
    await refused(resolve(), 'pending_approval');
    await refused(reopen(), 'pending_approval');
    expect((await approve()).state).to.equal('closed');
    // closed
    await refused(verdict(), 'closed');
    await refused(approve(), 'closed');
    await refused(resolve(), 'closed');
    expect((await reopen()).state).to.equal('reopened');
    // reopened
    await refused(approve(), 'reopened');
    await refused(resolve(), 'reopened');
    await refused(reopen(), 'reopened');
    expect((await verdict('escalate')).state).to.equal('with_mlro');
    // with_mlro
    await refused(verdict(), 'with_mlro');
    await refused(approve(), 'with_mlro');
    await refused(reopen(), 'with_mlro');
    expect((await resolve()).state).to.equal('closed');
    // Bad input and other tenants.
    expect(await rejection(dispositionMonitoringReview(rt.svc, a, { id, disposition: 'maybe', note: 'n' }))).to.include({ code: 'validation_failed' });
    expect(await rejection(resolveMonitoringReview(rt.svc, mlro, { id, disposition: 'escalate', note: 'n' }))).to.include({ code: 'validation_failed' });
    const other = await newTenant(rt);
    expect(await rejection(approveMonitoringReview(rt.svc, operatorActor(other.id), { id }))).to.include({ code: 'not_found' });
    expect(await getMonitoringReview(rt.svc, operatorActor(other.id), { id })).to.equal(null);
  });

  it('four-eyes on: the analyst cannot approve their own verdict; a second member closes it, and the last all-false-positive close reaffirms the band', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, b] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b')];
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'false_positive', note: 'Different person.' });
    const [verdict] = await events.since();
    expect(own(verdict!.payload)).to.deep.equal({
      ...Object.fromEntries(SHARED.filter((k) => k !== 'crmSource').map((k) => [k, verdict!.payload[k]])),
      disposition: 'false_positive', dispositionBy: a.email, isReversal: false, state: 'pending_approval',
    });
    const self = await rejection(approveMonitoringReview(rt.svc, a, { id }));
    expect(self).to.include({ code: 'forbidden' });
    expect(self.message).to.contain('Four-eyes approval is on').and.to.contain('cannot approve');
    expect(await events.since()).to.deep.equal([]);

    const done = await approveMonitoringReview(rt.svc, b, { id });
    expect(done).to.include({ state: 'closed', disposition: 'false_positive', dispositionBy: a.email, approvedBy: b.email });
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.closed', 'risk.assessed']);
    expect(own(got[0]!.payload)).to.include({
      disposition: 'false_positive', dispositionBy: a.email, approvedBy: b.email, approvedAt: done.approvedAt!.toISOString(),
      bandBefore: 'low', bandAfter: 'low', bandReaffirmed: true,
    });
    expect(got[1]!.payload).to.include({ assessedBy: 'system', bandId: 'low' });
    await expectInFeed(rt, tenant, [verdict!, ...got]);
  });

  it('four-eyes off: the verdict closes the review itself (dispositioned, then closed with approvedBy the analyst)', async () => {
    await fourEyes(rt, tenant, false);
    const c = await monitoredCase(rt, tenant);
    const a = await member(rt, tenant, 'analyst');
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    const done = await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'false_positive', note: 'Different person.' });
    expect(done).to.include({ state: 'closed', approvedBy: a.email });
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.dispositioned', 'monitoring.review.closed', 'risk.assessed']);
    expect(got[0]!.payload).to.include({ state: 'pending_approval' });
    expect(got[1]!.payload).to.include({ approvedBy: a.email, dispositionBy: a.email, bandReaffirmed: true });

    // Switched back on, a verdict given meanwhile waits for a second person again.
    await fourEyes(rt, tenant, true);
    await alert(rt, fact(tenant, c, { factKey: 'pep_change:dir_0', alertType: 'pep_change', subjectRef: 'dir_0', subjectRole: 'Director' }));
    const id2 = (await reviewsOf(c.pk))[1]!;
    expect((await dispositionMonitoringReview(rt.svc, a, { id: id2, disposition: 'false_positive', note: 'n' })).state).to.equal('pending_approval');
  });

  it('escalate hands the review to the MLRO: escalated (analyst_escalate) paired with escalation.created; the case stays approved; the MLRO resolves', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, mlro] = [await member(rt, tenant, 'analyst'), await member(rt, tenant, 'mlro')];
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'escalate', note: 'Cannot tell from the watchlist entry.' });
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.dispositioned', 'monitoring.review.escalated', 'escalation.created']);
    expect(got[0]!.payload).to.include({ state: 'with_mlro', disposition: 'escalate' });
    const escalated = got[1]!.payload;
    expect(own(escalated)).to.deep.include({
      escalationReason: 'analyst_escalate', assignedTo: null, bandBefore: 'low', bandAfter: 'low', reviewCaseId: id, occurrenceNo: 1,
    });
    expect(escalated.escalationId).to.be.a('number');
    expect(own(got[2]!.payload)).to.deep.equal({ companyName: 'Clean Trading Ltd', note: 'Cannot tell from the watchlist entry.', raisedBy: a.email });
    const [row] = await rt.svc.db.query('SELECT status FROM cases WHERE pk = ?', [c.pk]);
    expect(row.status).to.equal('approved');
    // The contract's required fields of monitoring.review.escalated, exactly.
    expect((eventSchemaFiles().get('monitoring.review.escalated')!.required as string[]).slice().sort()).to.deep.equal(
      ['caseId', 'reviewCaseId', 'alertType', 'occurrenceNo', 'escalationReason'].sort(),
    );
    const validate = compileEventSchemas().get('monitoring.review.escalated')!;
    const minimal = Object.fromEntries(['event', 'eventId', 'eventVersion', 'timestamp', 'orgId', 'caseId', 'reviewCaseId', 'alertType', 'occurrenceNo', 'escalationReason']
      .map((k) => [k, escalated[k]]));
    expect(validate(minimal), JSON.stringify(validate.errors)).to.equal(true);
    for (const k of Object.keys(minimal)) {
      const { [k]: _gone, ...without } = minimal;
      expect(validate(without), `without ${k}`).to.equal(false);
    }

    const listed = await listMonitoringReviews(rt.svc, mlro, { state: 'with_mlro' });
    expect(listed.data.map((r) => r.reviewCaseId)).to.deep.equal([id]);
    expect(await rejection(resolveMonitoringReview(rt.svc, a, { id, disposition: 'false_positive', note: 'n' }))).to.include({ code: 'forbidden' });
    const done = await resolveMonitoringReview(rt.svc, mlro, { id, disposition: 'false_positive', note: 'Checked the passport: a namesake.' });
    expect(done).to.include({ state: 'closed', disposition: 'false_positive', dispositionBy: mlro.email, approvedBy: mlro.email });
    const closing = await events.since();
    expect(closing.map((e) => e.type)).to.deep.equal(['monitoring.review.closed', 'risk.assessed']);
    expect(closing[0]!.payload).to.include({ bandReaffirmed: true, approvedBy: mlro.email });
    await expectInFeed(rt, tenant, [...got, ...closing]);
  });

  it('a confirmed sanctions match re-scores (risk.assessed) and, when the band rises, hands off with band_increase to the default MLRO', async () => {
    const c = await monitoredCase(rt, tenant, AE);
    const [a, admin, mlro] = [await member(rt, tenant, 'analyst'), await member(rt, tenant, 'compliance_admin'), await member(rt, tenant, 'mlro')];
    await setDefaultMlro(rt.svc, admin, { memberId: mlro.memberId });
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'true_match', note: 'Same passport number.' });
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.dispositioned', 'risk.assessed', 'monitoring.review.escalated', 'escalation.created']);
    expect(got[0]!.payload).to.include({ state: 'with_mlro', isReversal: false });
    expect(got[1]!.payload).to.include({ bandId: 'medium', compositeScore: 37.5, assessedBy: a.email });
    expect(got[2]!.payload).to.include({ escalationReason: 'band_increase', assignedTo: mlro.email, bandBefore: 'low', bandAfter: 'medium' });
    expect(got[3]!.payload.note).to.contain('raised the risk band from low to medium');
    await expectInFeed(rt, tenant, got);
  });

  it('a confirmed PEP match that leaves the band re-scores but waits for approval; a fresh false positive withdraws it', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, b, mlro] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b'), await member(rt, tenant, 'mlro')];
    await alert(rt, fact(tenant, c, { alertType: 'pep_change', factKey: 'pep_change:dir_0', subjectRef: 'dir_0', subjectRole: 'Director' }));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'true_match', note: 'Appointed minister.' });
    let got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.dispositioned', 'risk.assessed']);
    expect(got[0]!.payload).to.include({ state: 'pending_approval' });
    expect(got[1]!.payload).to.include({ compositeScore: 15, bandId: 'low' });
    await approveMonitoringReview(rt.svc, b, { id });
    got = await events.since();
    expect(got.map((e) => e.type), 'a true match: no band re-check').to.deep.equal(['monitoring.review.closed']);
    expect(got[0]!.payload).to.include({ bandReaffirmed: false, bandBefore: 'low', bandAfter: 'low' });

    await reopenMonitoringReview(rt.svc, mlro, { id, reason: 'Wrong person.' });
    await events.since();
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'false_positive', note: 'Namesake.' });
    got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.dispositioned', 'risk.assessed']);
    expect(got[1]!.payload).to.include({ compositeScore: 0 });
  });

  it('model drift: an all-false-positive last close re-scored on an edited model that moves the band hands off with model_drift', async () => {
    const c = await monitoredCase(rt, tenant, AE);
    const [a, b, admin] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b'), await member(rt, tenant, 'compliance_admin')];
    await alert(rt, fact(tenant, c));
    await alert(rt, fact(tenant, c, { factKey: 'adverse_media:dir_0:a1', alertType: 'adverse_media', subjectRef: 'dir_0', subjectRole: 'Director', severity: 'low' }));
    const [first, second] = (await reviewsOf(c.pk)) as [string, string];
    await updateRiskModel(rt.svc, admin, { ...DEFAULT_RISK_MODEL, bands: { medium: 10, high: 60, prohibited: null } });
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, a, { id: first, disposition: 'false_positive', note: 'n' });
    await approveMonitoringReview(rt.svc, b, { id: first });
    let got = await events.since();
    expect(got.map((e) => e.type), 'another review is still open: no re-check').to.deep.equal(['monitoring.review.dispositioned', 'monitoring.review.closed']);
    expect(got[1]!.payload).to.include({ bandReaffirmed: false, bandBefore: 'low', bandAfter: 'low' });

    await dispositionMonitoringReview(rt.svc, a, { id: second, disposition: 'false_positive', note: 'n' });
    await approveMonitoringReview(rt.svc, b, { id: second });
    got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal([
      'monitoring.review.dispositioned', 'monitoring.review.closed', 'risk.assessed', 'monitoring.review.escalated', 'escalation.created',
    ]);
    expect(got[1]!.payload).to.include({ bandReaffirmed: false, bandBefore: 'low', bandAfter: 'medium' });
    expect(got[2]!.payload).to.include({ bandId: 'medium', assessedBy: 'system' });
    expect(got[3]!.payload).to.include({ escalationReason: 'model_drift', assignedTo: null, bandBefore: 'low', bandAfter: 'medium', reviewCaseId: second });
    expect(got[4]!.payload).to.include({ raisedBy: b.email });
    await expectInFeed(rt, tenant, got);
  });

  it('reopen: reopened with reopenedBy and previousDisposition, verdict and sign-off cleared; a fresh verdict and a fresh second person', async () => {
    const c = await monitoredCase(rt, tenant);
    const [a, b, mlro] = [await member(rt, tenant, 'analyst', 'a'), await member(rt, tenant, 'analyst', 'b'), await member(rt, tenant, 'mlro')];
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    await dispositionMonitoringReview(rt.svc, a, { id, disposition: 'false_positive', note: 'n' });
    await approveMonitoringReview(rt.svc, b, { id });
    expect(await rejection(reopenMonitoringReview(rt.svc, a, { id, reason: 'r' }))).to.include({ code: 'forbidden' });
    expect(await rejection(reopenMonitoringReview(rt.svc, mlro, { id, reason: ' ' }))).to.include({ code: 'validation_failed' });
    const events = await eventCursor(rt, tenant, c);
    const reopened = await reopenMonitoringReview(rt.svc, mlro, { id, reason: 'The registry shows a new UBO date of birth.' });
    expect(reopened).to.include({ state: 'reopened', disposition: null, dispositionBy: null, approvedBy: null, approvedAt: null });
    const got = await events.since();
    expect(got.map((e) => e.type)).to.deep.equal(['monitoring.review.reopened']);
    expect(own(got[0]!.payload)).to.deep.include({ reopenedBy: mlro.email, previousDisposition: 'false_positive', reviewCaseId: id, occurrenceNo: 1 });
    await expectInFeed(rt, tenant, got);

    // A repeat now attaches to the reopened review rather than opening another.
    await alert(rt, fact(tenant, c, { fingerprint: 'fp-after-reopen' }));
    expect(await events.since()).to.deep.equal([]);
    // b gives the fresh verdict, so b (the former approver) may not approve it; a may.
    await dispositionMonitoringReview(rt.svc, b, { id, disposition: 'false_positive', note: 'Still a namesake.' });
    expect(await rejection(approveMonitoringReview(rt.svc, b, { id }))).to.include({ code: 'forbidden' });
    expect(await approveMonitoringReview(rt.svc, a, { id })).to.include({ state: 'closed', approvedBy: a.email, dispositionBy: b.email });
    const history = (await getMonitoringReview(rt.svc, a, { id }))!.history.map((h) => h.action);
    expect(history).to.deep.equal(['opened', 'dispositioned', 'approved', 'closed', 'reopened', 'alert_attached', 'dispositioned', 'approved', 'closed']);

    // A newer occurrence open blocks reopening the old one.
    await alert(rt, fact(tenant, c, { fingerprint: 'fp-newer' }));
    expect(await rejection(reopenMonitoringReview(rt.svc, mlro, { id, reason: 'r' }))).to.include({ code: 'conflict' });
  });

  it('the default MLRO: mlro or above, audited, and a removed one no longer receives hand-offs', async () => {
    const [admin, analyst, mlro] = [await member(rt, tenant, 'compliance_admin'), await member(rt, tenant, 'analyst'), await member(rt, tenant, 'mlro')];
    expect(await rejection(setDefaultMlro(rt.svc, analyst, { memberId: mlro.memberId }))).to.include({ code: 'forbidden' });
    expect(await rejection(setDefaultMlro(rt.svc, admin, { memberId: analyst.memberId }))).to.include({ code: 'validation_failed' });
    const other = await newTenant(rt);
    const outsider = await member(rt, other, 'mlro');
    expect(await rejection(setDefaultMlro(rt.svc, admin, { memberId: outsider.memberId }))).to.include({ code: 'validation_failed' });
    expect(await setDefaultMlro(rt.svc, admin, { memberId: mlro.memberId })).to.include({ defaultMlroMemberId: mlro.memberId });
    const audit = await listAuditLog(rt.svc, admin, {});
    expect(audit.data[0]).to.deep.include({ actor: admin.email, action: 'default_mlro.set', details: { memberId: mlro.memberId, previous: null } });

    await removeMember(rt.svc, operatorActor(tenant.id), { memberId: mlro.memberId });
    const c = await monitoredCase(rt, tenant);
    await alert(rt, fact(tenant, c));
    const [id] = (await reviewsOf(c.pk)) as [string];
    const events = await eventCursor(rt, tenant, c);
    await dispositionMonitoringReview(rt.svc, analyst, { id, disposition: 'escalate', note: 'n' });
    expect((await events.since())[1]!.payload).to.include({ event: 'monitoring.review.escalated', assignedTo: null });
  });
});
