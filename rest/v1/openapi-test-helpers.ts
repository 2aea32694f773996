import type { OpenApiParts } from './openapi-webhooks';

const caseId = { $ref: '#/components/parameters/caseId' };

/** A case as the helpers answer it (GET /v1/cases/{caseId}'s shape), in the state the submit helper leaves it. */
const EXAMPLE_CASE = {
  caseId: '3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11', companyName: 'Acme Trading Ltd', status: 'in_review', source: 'api', onboardingStage: 'application_submitted',
  customerEmail: 'jane.doe@acme.example', customerName: 'Jane Doe', country: 'GB', crmRecordId: 'opp-00042', crmSource: 'salesforce',
  createdAt: '2026-11-29T09:00:00.000Z', updatedAt: '2026-11-29T09:00:02.000Z',
  decision: null, riskBand: null, riskScore: null, screeningSummary: { totalHits: 0, sanctionedHits: 0, pepHits: 0 }, inviteSentAt: null,
  invite: { status: 'not_sent', deliveredAt: null, attempts: 0, lastError: null, expiresAt: '2026-12-06T09:00:00.000Z', usedAt: null }, purgedAt: null,
};
const decided = { ...EXAMPLE_CASE, status: 'declined', onboardingStage: 'decision_made', riskBand: 'high', riskScore: 71,
  screeningSummary: { totalHits: 1, sanctionedHits: 1, pepHits: 0 },
  decision: { outcome: 'declined', notes: 'Sanctioned director.', analystEmail: 'test-analyst+0b6f3c2e-5d1a-4c8e-9f7b-2a4d6e8c0f13@test-helpers.invalid', decidedAt: '2026-11-29T09:05:00.000Z', auto: false, reason: null } };

const GATE = 'Test credentials only (a client id beginning `test_`) with the opt-in scope `test_helpers`; a live credential is refused with 403 forbidden, a token without the scope with 403 insufficient_scope.';

/**
 * The test helpers (/v1/test_helpers/*, src/test-helpers): each moves a test case one real step along, through
 * the use case that step has, so its events are the real step's.
 */
export function testHelperPaths(p: OpenApiParts): Record<string, unknown> {
  const forbidden = {
    description: 'insufficient_scope: the token lacks test_helpers (WWW-Authenticate names it); or forbidden: a live credential (only test credentials, client ids beginning test_, may use the test helpers).',
    headers: { ...p.rateLimited, 'WWW-Authenticate': { description: 'On insufficient_scope: `Bearer error="insufficient_scope", scope="test_helpers"`.', schema: { type: 'string' } } },
    content: { 'application/json': { schema: p.ref('Error'), example: { error: 'forbidden', message: 'Test helpers work only with test credentials (a client id beginning test_): this is a live credential, and the helpers never touch live cases. Mint test credentials in the console\'s test view or with the CLI.' } } },
  };
  const conflict = (description: string, message: string) => ({
    description, headers: p.rateLimited, content: { 'application/json': { schema: p.ref('Error'), example: { error: 'conflict', message } } },
  });
  const caseAnswer = (description: string, example: object) => ({
    description, headers: p.rateLimited, content: { 'application/json': { schema: p.ref('CaseDetail'), example } },
  });
  const body = (schema: string, example: object) => ({ required: false, content: { 'application/json': { schema: p.ref(schema), example } } });
  const caseHelper = (operationId: string, summary: string, description: string, request: [string, object], ok: [string, object], refusal: object) => ({
    parameters: [caseId],
    post: {
      operationId, summary, tags: ['test helpers'], security: p.bearer('test_helpers'), description: `${description}\n\n${GATE}`,
      requestBody: body(request[0], request[1]),
      responses: { 200: caseAnswer(ok[0], ok[1]), 403: forbidden, 409: refusal, ...p.errors('400', '401', '404', '413', '429') },
    },
  });
  return {
    '/v1/test_helpers/cases/{caseId}/submit': caseHelper('testSubmitApplication', 'Fill in and submit the application (test)',
      'Does what the customer does in the portal, with generated data and through the portal\'s own steps, so the case records the same events in the same order: '
        + 'document.uploaded and case.onboarding_progress.changed (collecting_documents), document.processed for each document, then case.submitted, case.status.changed '
        + 'and case.onboarding_progress.changed (application_submitted); the decisioning pipeline then starts as for any submission. '
        + '`parties`: how many people to generate (the first a director and the UBO), or which; `documents`: which documents (a certificate of incorporation, a passport of each person).',
      ['TestSubmitRequest', { parties: [{ name: 'Avery Testwell', roles: ['director', 'ubo'] }, { name: 'Jordan Testwell' }], documents: ['certificate_of_incorporation'] }],
      ['The case, submitted.', EXAMPLE_CASE],
      conflict('conflict: the case is already submitted.', 'Case 3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11 is already submitted (status in_review): the submit helper fills in and submits an application that is still in progress.')),
    '/v1/test_helpers/cases/{caseId}/verify_identity': caseHelper('testVerifyIdentity', 'Complete identity verification (test)',
      'Each person whose verification link the pipeline sent (or only `personId`, the personKey of their idv.dispatched) uploads a generated document on the hosted '
        + 'verification page\'s own step, and the local verifier checks it: a matching passport (`pass`), an expired one (`fail`), or a document without a machine-readable zone (`manual_review`). '
        + 'The events are the hosted page\'s: document.uploaded, case.onboarding_progress.changed, idv.completed, case.onboarding_progress.changed, then document.processed; the pipeline resumes on them.',
      ['TestVerifyIdentityRequest', { outcome: 'pass' }],
      ['The case once every chosen person is verified.', { ...EXAMPLE_CASE, onboardingStage: 'awaiting_id_verification' }],
      conflict('conflict: no verification is open (the pipeline has not sent the links yet, or the people are verified), or the tenant requires a selfie and the outcome is not manual_review.',
        'Case 3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11 has no open identity verification: the pipeline sends the links after screening (submit the case first and let it run), and verified people are done.')),
    '/v1/test_helpers/cases/{caseId}/screening_hit': caseHelper('testScreeningHit', 'Produce a screening hit (test)',
      'Screens the submitted case again with screening\'s own step, the watchlist given one more entry matching the named party (`subject`: the company or one of its people), '
        + 'sanctioned and/or a PEP: the hit is stored as the matcher\'s are (screening.hit.detected, then screening.completed) and counts in the case\'s screening summary, its decision blockers and the policy\'s facts. '
        + 'The same body again changes nothing. An unknown subject is a 400 naming the case\'s parties.',
      ['TestScreeningHitRequest', { subject: 'Avery Testwell', sanctioned: true, pep: false }],
      ['The case with its hit.', { ...EXAMPLE_CASE, screeningSummary: { totalHits: 1, sanctionedHits: 1, pepHits: 0 } }],
      conflict('conflict: the case is not submitted yet.', 'Case 3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11 is not submitted yet: screening runs on the submitted application (use the submit helper first).')),
    '/v1/test_helpers/cases/{caseId}/decide': caseHelper('testDecide', 'Decide the case as the Test analyst (test)',
      'The tenant\'s Test analyst (a member named "Test analyst", created on first use, who can never sign in) approves or declines the case through the console\'s decision step: '
        + 'case.decision.made (analystEmail the Test analyst\'s), case.status.changed, case.onboarding_progress.changed (decision_made). Refused as an analyst would be: '
        + 'invalid_transition unless the case is in_review or returned, decision_blocked for an approval over open checks.',
      ['TestDecideRequest', { outcome: 'declined', notes: 'Sanctioned director.' }],
      ['The decided case.', decided],
      {
        description: 'invalid_transition: the case is not in_review or returned; decision_blocked: an approval over open checks (with `blockers`).',
        headers: p.rateLimited,
        content: { 'application/json': { schema: p.ref('Error'), example: { error: 'invalid_transition', message: 'Case 3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11 is in_progress; it can only be decided when it is in_review or returned.', currentStatus: 'in_progress', allowedFrom: ['in_review', 'returned'] } } },
      }),
    '/v1/test_helpers/cases/{caseId}/monitoring_alert': caseHelper('testMonitoringAlert', 'Raise a monitoring alert (test)',
      'Runs monitoring on the approved case (its one check of that kind) with the source seeing something new: the case\'s first person on the watchlist (sanctions_hit, high; pep_change, medium), '
        + 'the registry listing an officer (structure_change, medium) or an owner (high) the case lacks, or an article naming the first person (adverse_media, at the severity asked). '
        + 'The events are a run\'s: monitoring.alert.created, monitoring.review.opened for an alert on a director or UBO, monitoring.run.completed. Each call raises a new alert.',
      ['TestMonitoringAlertRequest', { alertType: 'adverse_media', severity: 'high' }],
      ['The case.', { ...decided, status: 'approved', decision: { ...decided.decision, outcome: 'approved', notes: '' } }],
      {
        description: 'invalid_transition: only approved cases whose data is held are monitored.',
        headers: p.rateLimited,
        content: { 'application/json': { schema: p.ref('Error'), example: { error: 'invalid_transition', message: 'Case 3f0c1b6e-8a8e-4d5a-9a53-2f0d6b1c9e11 is in_review. Only approved cases whose data is held are monitored.' } } },
      }),
    '/v1/test_helpers/clock/advance': {
      post: {
        operationId: 'testAdvanceClock', summary: 'Advance the tenant\'s test clock (test)', tags: ['test helpers'], security: p.bearer('test_helpers'),
        description: 'Moves the tenant\'s test clock on (`seconds`, or an ISO 8601 `duration`; forward only) and runs at the new test time what time makes due for the tenant\'s test cases, '
          + 'each through its own step: reminders of requested items (outreach.email.sent once the mail system takes the email), SLA at-risk emails to case owners (test cases\' SLA '
          + 'clocks run on the test clock; `slaBreaches` counts those the advance breached), and the retention schedule\'s purges of closed cases. Live cases are never touched. '
          + 'A test case\'s invite and verification links expire on the test clock too: past their lifetime in test time they answer as any expired link does.\n\n' + GATE,
        requestBody: { required: true, content: { 'application/json': { schema: p.ref('TestClockAdvanceRequest'), example: { duration: 'P3D' } } } },
        responses: {
          200: { description: 'The clock after the advance, and what ran.', headers: p.rateLimited, content: { 'application/json': { schema: p.ref('TestClock'), example: { now: '2026-12-02T09:00:00.000Z', offsetSeconds: 259200, advancedSeconds: 259200, ran: { remindersSent: 1, slaAtRiskEmails: 1, slaBreaches: 0, casesPurged: 0 } } } } },
          403: forbidden,
          ...p.errors('400', '401', '413', '429'),
        },
      },
    },
  };
}
