import { expect } from 'chai';
import type { ValidateFunction } from 'ajv/dist/2020';
import { compileEventSchemas } from '../events/support';
import { ConsoleHarness } from '../graphql/harness';
import { clientToken, newApiClient } from '../oauth/harness';
import { upload } from '../portal/documents-support';
import { completeApplication, feed, portalClient, redeem, reviewConfirmed } from '../portal/support';
import { CERTIFICATE_LINES, passportPdf, textPdf } from '../documents/support';
import { runtime } from '../support/runtime';
import { drain, newEndpoint, receiversPerTest } from '../webhooks/support';
import { uploadForVerification, verificationTokenFromLocalMail } from '../idv/support';

/** The director's passport (its MRZ as the test support writes it). */
const GRACE = { surname: 'HOPPER', givenNames: 'GRACE', nationality: 'GBR', documentNumber: 'K81726354', birth: '661209', sex: 'F', expiry: '330730' } as const;

/** The second director's passport. */
const ADA = { surname: 'LOVELACE', givenNames: 'ADA', nationality: 'GBR', documentNumber: 'L12345678', birth: '801210', sex: 'F', expiry: '340101' } as const;

/**
 * The application of a plain low-risk company, nothing offshore: Grace directs it and owns it all (her passport is
 * among the uploads, which alone proves nothing: she gets a link too), Ada is a second director; both verify their
 * identity on the hosted page.
 */
const lowRiskApplication = {
  companyProfile: { ...completeApplication.companyProfile, transactsInternationally: false, internationalCountries: [] },
  ownership: {
    hasUbos: true,
    directors: [
      { name: 'Grace Hopper', email: 'grace@globex.example', roles: ['director'], nationality: 'GB', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' },
      { name: 'Ada Lovelace', email: 'ada@globex.example', roles: ['director'], nationality: 'GB', dateOfBirth: '1980-12-10', countryOfResidence: 'GB' },
    ],
    ubos: [{ name: 'Grace Hopper', email: 'grace@globex.example', ownershipPercent: 100, nationality: 'GB', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' }],
  },
};

describe('decisioning pipeline: the whole journey from POST /v1/cases to an automatic decision', function () {
  this.timeout(60_000);
  let h: ConsoleHarness;
  let schemas: Map<string, ValidateFunction>;
  const receiver = receiversPerTest();
  before(async () => {
    h = await ConsoleHarness.start();
    schemas = compileEventSchemas();
  });
  after(() => h.close());

  it('extracts, screens, triages, scores, reviews and routes a submitted case without anyone touching it; every event valid, equal to the feed and delivered in causal order', async () => {
    const rt = await runtime();
    const tenant = await h.tenant();
    const r = await receiver();
    await newEndpoint(h.svc, { orgId: tenant.id, url: r.url() });
    const token = await clientToken({ url: h.url } as Parameters<typeof clientToken>[0], await newApiClient(h.svc, tenant.id));

    // The CRM opens the case.
    const created = await fetch(`${h.url}/v1/cases`, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customerEmail: 'grace@globex.example', companyName: 'Globex Trading Ltd', crmRecordId: 'crm-7', crmSource: 'salesforce', sendInvite: false }),
    });
    expect(created.status).to.equal(201);
    const { caseId, customerPortalUrl } = (await created.json()) as { caseId: string; customerPortalUrl: string };

    // The customer follows the link, fills in the application, uploads the certificate and submits.
    const session = await redeem(h.url, new URL(customerPortalUrl).searchParams.get('token')!);
    expect(session.status).to.equal(200);
    const portal = portalClient(h.url, session.sessionToken!);
    await portal.application.save.mutate(lowRiskApplication);
    const uploaded = await upload(h, { session: session.sessionToken! } as Parameters<typeof upload>[1], [
      { filename: 'certificate.pdf', type: 'application/pdf', bytes: await textPdf(CERTIFICATE_LINES) },
      { filename: 'passport.pdf', type: 'application/pdf', bytes: await passportPdf(GRACE) },
    ]);
    expect(uploaded.status).to.equal(201);
    const [submitted] = (await h.svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId])) as { pk: number }[];
    await reviewConfirmed(h.svc, tenant.id, Number(submitted!.pk));
    expect((await portal.application.submit.mutate()).status).to.equal('in_review');

    // Nobody at the tenant touches it: the worker's jobs run until the pipeline waits for Grace's and Ada's verifications.
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    const [waiting] = await h.svc.db.query('SELECT c.onboarding_stage, p.step FROM cases c JOIN case_pipelines p ON p.case_pk = c.pk WHERE c.org_id = ? AND c.case_id = ?', [tenant.id, caseId]);
    expect(waiting).to.deep.equal({ onboarding_stage: 'awaiting_id_verification', step: 'route' });

    // Ada follows the link in her email, sees the page and uploads her passport: pass.
    const adaToken = await verificationTokenFromLocalMail(h, tenant.id, 'ada@globex.example');
    const page = await fetch(`${h.url}/trpc/verification.get?input=${encodeURIComponent(JSON.stringify({ token: adaToken }))}`);
    expect(((await page.json()) as { result: { data: { personName: string } } }).result.data.personName).to.equal('Ada Lovelace');
    const verified = await uploadForVerification(h, adaToken, [{ field: 'document', filename: 'ada-passport.pdf', bytes: await passportPdf(ADA) }]);
    expect(verified.status).to.equal(200);
    expect(verified.body.outcome).to.equal('pass');
    await drain(rt, { orgId: tenant.id, svc: h.svc });
    // Grace's passport uploaded with the application did not verify her: she follows her link as well.
    const graceToken = await verificationTokenFromLocalMail(h, tenant.id, 'grace@globex.example');
    const graceVerified = await uploadForVerification(h, graceToken, [{ field: 'document', filename: 'grace-passport.pdf', bytes: await passportPdf(GRACE) }]);
    expect(graceVerified.body.outcome).to.equal('pass');
    await drain(rt, { orgId: tenant.id, svc: h.svc });

    const [row] = await h.svc.db.query('SELECT pk, status, onboarding_stage, risk_band FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId]);
    expect(row).to.deep.include({ status: 'approved', onboarding_stage: 'decision_made', risk_band: 'low' });
    expect(await h.svc.db.query('SELECT step FROM case_pipelines WHERE org_id = ? AND case_pk = ?', [tenant.id, row.pk])).to.deep.equal([{ step: 'done' }]);

    const stored: { event_id: string; type: string; data: string; case_sequence: number }[] = await h.svc.db.query(
      'SELECT event_id, type, data, case_sequence FROM events WHERE org_id = ? AND case_pk = ? ORDER BY case_sequence', [tenant.id, row.pk],
    );
    const types = stored.map((e) => e.type);
    // idv.dispatched is recorded when the mail system took Ada's email: its send job runs beside the pipeline's next steps.
    expect(types.filter((t) => t !== 'idv.dispatched'), JSON.stringify(types)).to.deep.equal([
      'case.created',
      'document.uploaded', 'case.onboarding_progress.changed',
      'case.submitted', 'case.status.changed', 'case.onboarding_progress.changed',
      'document.processed', 'document.processed',
      'case.onboarding_progress.changed', 'screening.completed',
      'case.onboarding_progress.changed',
      'risk.assessed',
      'ai_review.completed',
      'document.uploaded', 'case.onboarding_progress.changed', 'idv.completed', 'case.onboarding_progress.changed', 'document.processed',
      'document.uploaded', 'case.onboarding_progress.changed', 'idv.completed', 'case.onboarding_progress.changed', 'document.processed',
      'routing.evaluated', 'case.decision.made', 'case.status.changed', 'case.onboarding_progress.changed',
    ]);
    expect(types.filter((t) => t === 'idv.dispatched')).to.have.length(2);
    expect(types.indexOf('idv.dispatched')).to.be.greaterThan(types.indexOf('screening.completed')).and.lessThan(types.indexOf('idv.completed'));
    expect(types).to.not.include('idv.satisfied_by_document');
    const payloads = stored.map((e) => JSON.parse(e.data) as Record<string, unknown>);
    for (const p of payloads) expect(schemas.get(p.event as string)!(p), `${String(p.event)}: ${JSON.stringify(schemas.get(p.event as string)!.errors)}`).to.equal(true);
    const by = (type: string, n = 0) => payloads.filter((p) => p.event === type)[n]!;
    expect(by('case.onboarding_progress.changed', 2)).to.deep.include({ stage: 'in_screening' });
    expect(by('screening.completed')).to.deep.include({ screened: 4 });
    expect(by('ai_review.completed'), JSON.stringify(by('ai_review.completed').riskFactors)).to.deep.include({ triggeredBy: 'system:form-submission:grace@globex.example', recommendation: 'Approve' });
    expect(by('routing.evaluated')).to.deep.include({ outcome: 'AUTO_APPROVE' });
    expect(by('case.decision.made')).to.deep.include({ outcome: 'approved', auto: true, analystEmail: 'policy_engine', reason: 'policy_engine' });
    expect(by('case.status.changed', 1)).to.deep.include({ status: 'approved', previousStatus: 'in_review', changedBy: 'policy_engine' });
    expect(by('case.onboarding_progress.changed', 3)).to.deep.include({
      stage: 'awaiting_id_verification', summary: { verified: 0, total: 2 },
      roster: [
        { name: 'Grace Hopper', role: 'Director, UBO', status: 'link_sent', statusLabel: 'Link sent' },
        { name: 'Ada Lovelace', role: 'Director', status: 'link_sent', statusLabel: 'Link sent' },
      ],
    });
    const dispatched = payloads.filter((p) => p.event === 'idv.dispatched');
    expect(dispatched.find((p) => p.recipientName === 'Ada Lovelace')).to.deep.include({ recipientEmail: 'ada@globex.example', roles: ['director'], dispatchedBy: 'system' });
    expect(dispatched.find((p) => p.recipientName === 'Grace Hopper')).to.deep.include({ recipientEmail: 'grace@globex.example', roles: ['director', 'ubo'], dispatchedBy: 'system' });
    expect(by('idv.completed')).to.deep.include({ verificationType: 'identity', vendorName: 'local', position: 1, role: 'Director', outcome: 'pass' });
    expect(by('idv.completed', 1)).to.deep.include({ verificationType: 'identity', vendorName: 'local', position: 0, role: 'Director, UBO', outcome: 'pass' });
    expect(by('case.onboarding_progress.changed', 5)).to.deep.include({ summary: { verified: 1, total: 2 } });
    expect(by('case.onboarding_progress.changed', 7)).to.deep.include({ summary: { verified: 2, total: 2 } });
    expect(by('case.onboarding_progress.changed', 8)).to.deep.include({ stage: 'decision_made' });
    expect(by('document.processed')).to.deep.include({ status: 'complete', documentType: 'certificate_of_incorporation' });
    expect(by('document.processed', 1)).to.deep.include({ status: 'complete', documentType: 'passport', confidence: 'High', warningCount: 0 });

    // The feed holds the same payloads, under the same ids.
    const items = (await feed(h, token)).filter((i) => i.data.caseId === caseId);
    expect(items.map((i) => [i.eventId, i.eventType, i.data])).to.deep.equal(stored.map((e, i) => [e.event_id, e.type, payloads[i]]));

    // The receiver got every event once; by caseSequence they read in the order they happened.
    await r.waitForRequests(stored.length, 10_000);
    const received = r.requests.map((q) => JSON.parse(q.body.toString()) as { eventId: string; event: string; caseSequence: number; caseId?: string })
      .filter((p) => p.caseId === caseId);
    expect(received.map((p) => p.eventId).sort()).to.deep.equal(stored.map((e) => e.event_id).sort());
    expect([...received].sort((a, b) => a.caseSequence - b.caseSequence).map((p) => p.event)).to.deep.equal(types);
    expect(received.map((p) => p.caseSequence).sort((a, b) => a - b)).to.deep.equal(stored.map((_, i) => i + 1));
  });
});
