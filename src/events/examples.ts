import { EVENT_CATALOGUE, type EventFields, type EventType } from './catalogue';

/**
 * One example of every event type, as a use case would pass it to recordEvent. The mapped type makes
 * the compiler insist on an example for each event type of the catalogue and on each one's fields.
 */
export const EXAMPLE_FIELDS: { [K in EventType]: EventFields<K> } = {
  ping: { message: 'Webhook test from the console.' },
  'case.created': {
    companyName: 'Acme Trading Ltd', companyNumber: '01234567', country: 'GB', customerEmail: 'jane@acme.example',
    source: 'manual', createdBy: 'analyst@tenant.example',
  },
  'case.submitted': { companyName: 'Acme Trading Ltd', country: null, customerEmail: 'jane@acme.example', source: 'application_form' },
  'case.decision.made': {
    outcome: 'approved', notes: 'Auto-approved by policy.', analystEmail: 'policy_engine', decidedAt: '2026-03-01T10:00:00.000Z',
    companyName: 'Acme Trading Ltd', auto: true, reason: 'policy_engine',
  },
  'case.status.changed': { companyName: null, status: 'returned', previousStatus: 'pending_senior', changedBy: 'mlro@tenant.example', recommendation: 'refer' },
  'data.corrected': {
    source: 'customer_review', amendmentCount: 1,
    amendments: [{ section: 'company', field: 'registrationNumber', originalValue: '0123456', correctedValue: '01234567' }],
    by: 'jane@acme.example',
  },
  'owner.changed': { previousOwner: null, newOwner: { name: 'Ann Analyst', email: 'ann@tenant.example' }, changedBy: 'lead@tenant.example' },
  'case.onboarding_progress.changed': {
    companyName: 'Acme Trading Ltd', stage: 'awaiting_id_verification', stageLabel: 'Awaiting ID verification',
    summary: { verified: 1, total: 2 },
    roster: [
      { name: 'Jane Doe', role: 'Director', status: 'verified', statusLabel: 'Verified' },
      { name: 'John Roe', role: 'UBO', status: 'link_sent', statusLabel: 'Link sent' },
    ],
  },
  'case.data_package.delivered': {
    decidedAt: '2026-03-01T10:00:00.000Z',
    outcome: 'approved',
    fullParity: {
      caseId: 'CS-2026-00001', orgId: 'org', status: 'approved', crmRecordId: 'crm-1', crmSource: 'hubspot',
      companyProfile: {
        companyName: 'Acme Trading Ltd', registrationNumber: '01234567', country: 'GB', entityType: 'ltd', incorporationDate: '2019-05-01',
        registeredAddress: '1 High St, London', taxId: 'T1', vatNumber: 'GB1', businessActivity: 'Trading', industrySector: 'Retail',
        annualRevenue: '1-5m', website: 'https://acme.example', customerEmail: 'jane@acme.example', sourceOfFunds: 'Revenue',
        transactsInternationally: true, internationalCountries: ['FR', 'DE'], customAnswers: { q1: 'yes' },
      },
      ownership: {
        directors: [{
          name: 'Jane Doe', email: 'jane@acme.example', roles: ['director'], ownershipPercent: null, nationality: 'GB', dateOfBirth: '1980-01-02',
          idNumber: 'P123', idCountry: 'GB', countryOfResidence: 'GB', source: 'registry',
        }],
        ubos: [{
          name: 'John Roe', email: 'john@acme.example', roles: ['ubo'], ownershipPercent: 60, nationality: 'IE', dateOfBirth: '1975-07-08',
          idNumber: 'P456', idCountry: 'IE', countryOfResidence: 'GB', source: 'customer',
        }],
      },
      documents: [{
        id: 7, documentType: 'Passport', filename: 'passport.pdf', mimeType: 'application/pdf', sizeBytes: 102400, status: 'approved',
        confidence: 'High', uploadedAt: '2026-02-20T09:00:00.000Z', warnings: [], notes: null, extractedData: { name: 'Jane Doe' },
      }],
      decision: { outcome: 'approved', notes: 'ok', analystEmail: 'ann@tenant.example', decidedAt: '2026-03-01T10:00:00.000Z' },
      risk: { compositeScore: 22.5, band: 'low', assessedAt: '2026-02-28T12:00:00.000Z' },
      screeningSummary: { totalHits: 1, sanctionedHits: 0, pepHits: 1 },
    },
  },
  'document.uploaded': { documentIds: [7, 8], fileCount: 2, filenames: ['passport.pdf', 'incorporation.pdf'] },
  'document.processed': {
    documentId: 7, documentType: 'Passport', filename: 'passport.pdf', status: 'complete', confidence: 'High', warningCount: 0, missingFieldCount: 1,
  },
  'screening.completed': {
    screened: 2,
    summary: [{ name: 'Jane Doe', role: 'director', status: 'clear' }, { name: 'Acme Trading Ltd', role: null, status: 'match' }],
  },
  'screening.hit.detected': {
    hitId: 'vn:jane-doe', subjectId: null, subjectName: 'Jane Doe', subjectRole: 'director', caption: 'Jane Doe', schema: 'Person', score: 0.91,
    topics: ['role.pep'], position: ['Member of Parliament'], nationality: ['GB'], isPep: true, isSanctioned: false, source: 'vendor_native_monitoring',
  },
  'screening.hit.triaged': {
    hitId: 'am:42', subjectName: 'Jane Doe', status: 'complete', confidence: 87, disposition: 'false_positive',
    shortReason: 'Different date of birth.', provider: 'engine-a', model: 'model-x', promptVersion: '1',
  },
  'ai_review.completed': {
    reviewId: 3, companyName: 'Acme Trading Ltd', triggeredBy: 'system:form-submission:jane@acme.example', recommendation: 'Refer',
    confidence: 'Medium', riskFactorCount: 1, riskFactors: [{ text: 'PEP director', severity: 'MEDIUM' }], completedAt: '2026-02-28T12:00:00.000Z',
  },
  'risk.assessed': {
    assessmentId: 11, configId: 2, compositeScore: 64, bandId: 'high', bandLabel: 'High', assessedBy: 'system', assessedAt: '2026-02-28T12:00:00.000Z',
  },
  'routing.evaluated': {
    policyId: 5, policyName: 'Default policy', matchedRuleIndex: null, outcome: 'REVIEW_LEVEL_1', evaluatedAt: '2026-02-28T12:00:01.000Z',
  },
  'edd.requirements.changed': {
    reqKey: 'source_of_wealth', label: 'Source of wealth', status: 'received', previousStatus: 'outstanding', note: 'Bank letter', updatedBy: 'ann@tenant.example',
  },
  'edd.requested': {
    recipientEmail: 'jane@acme.example', itemCount: 1, items: [{ key: 'source_of_wealth', label: 'Source of wealth' }],
    sentBy: 'ann@tenant.example', sentAt: '2026-02-28T12:00:00.000Z',
  },
  'idv.dispatched': {
    recipientEmail: 'jane@acme.example', recipientName: 'Jane Doe', personKey: '5d1f3c4e-8f7a-4b6c-9d2e-1a2b3c4d5e6f', roles: ['director', 'ubo'], dispatchedBy: 'system',
  },
  'idv.completed': {
    verificationType: 'identity', vendorName: 'vendor', position: 0, role: 'director', outcome: 'manual_review', completedAt: '2026-02-28T12:00:00.000Z',
  },
  'idv.satisfied_by_document': {
    personName: 'Jane Doe', personEmail: null, personKey: '5d1f3c4e-8f7a-4b6c-9d2e-1a2b3c4d5e6f', roles: ['director'], satisfiedByDocId: 7,
  },
  'outreach.email.sent': {
    kind: 'document_request', recipientEmail: 'jane@acme.example', subject: 'Documents needed', itemCount: 1,
    items: [{ key: 'proof_of_address', label: 'Proof of address' }], sentBy: 'ann@tenant.example',
  },
  'escalation.created': { companyName: 'Acme Trading Ltd', note: 'PEP exposure needs senior view.', raisedBy: 'ann@tenant.example' },
  'escalation.responded': { companyName: 'Acme Trading Ltd', recommendation: 'approve', note: 'Acceptable.', respondedBy: 'mlro@tenant.example' },
  'person.linked': {
    personId: 9, personKey: '5d1f3c4e-8f7a-4b6c-9d2e-1a2b3c4d5e6f', displayName: 'Jane Doe', email: 'jane@acme.example', roles: ['director'], linkedBy: 'ann@tenant.example',
  },
  'person.unlinked': { personId: 9, personKey: '5d1f3c4e-8f7a-4b6c-9d2e-1a2b3c4d5e6f', unlinkedBy: 'ann@tenant.example', reason: null },
  'person.marked_new': { personId: 10, personKey: 'pk-10', displayName: 'John Roe', email: null, resolvedBy: 'ann@tenant.example' },
  'person.document_attached': { personId: 9, documentId: 7, documentType: 'Passport', attachedBy: 'ann@tenant.example' },
  'monitoring.alert.created': {
    companyName: 'Acme Trading Ltd', runId: 21, alertType: 'pep_change', severity: 'medium', title: 'New PEP role', detail: 'Director appointed to a public office.',
  },
  'monitoring.run.completed': {
    runId: 21, triggeredBy: 'scheduled', alertsGenerated: 1,
    checksRun: [{ check: 'sanctions', status: 'ok', subjects: 3 }, { check: 'registry', status: 'error', subjects: 1, error: 'timeout' }],
  },
  'monitoring.review.opened': {
    reviewCaseId: 'a3c1e5f7-2b4d-4e6f-8a1b-3c5d7e9f1a2b', reviewRef: 'MR-0001', alertType: 'sanctions_hit', severity: 'high', subjectRole: 'UBO',
    subjectRef: 'ubo_0', personId: 9, occurrenceNo: 1, state: 'open', source: 'scheduled', priorDisposition: null,
  },
  'monitoring.review.dispositioned': {
    reviewCaseId: 'a3c1e5f7-2b4d-4e6f-8a1b-3c5d7e9f1a2b', reviewRef: 'MR-0001', alertType: 'sanctions_hit', severity: 'high', subjectRole: 'UBO',
    subjectRef: 'ubo_0', personId: '9', occurrenceNo: 2, disposition: 'true_match', dispositionBy: 'ann@tenant.example', isReversal: true, state: 'with_mlro',
  },
  'monitoring.review.escalated': {
    reviewCaseId: 'a3c1e5f7-2b4d-4e6f-8a1b-3c5d7e9f1a2b', alertType: 'sanctions_hit', occurrenceNo: 2, escalationReason: 'band_increase',
    escalationId: 4, assignedTo: null, bandBefore: 'medium', bandAfter: 'high',
  },
  'monitoring.review.closed': {
    reviewCaseId: 'a3c1e5f7-2b4d-4e6f-8a1b-3c5d7e9f1a2b', reviewRef: null, alertType: 'adverse_media', severity: null, subjectRole: null,
    subjectRef: 'company', personId: null, occurrenceNo: 1, disposition: 'false_positive', dispositionBy: 'ann@tenant.example',
    approvedBy: 'lead@tenant.example', approvedAt: '2026-03-02T08:00:00.000Z', bandBefore: 'low', bandAfter: 'low', bandReaffirmed: true,
  },
  'monitoring.review.reopened': {
    reviewCaseId: 'a3c1e5f7-2b4d-4e6f-8a1b-3c5d7e9f1a2b', reviewRef: 'MR-0001', alertType: 'adverse_media', severity: 'critical', subjectRole: 'Director',
    subjectRef: 'dir_1', personId: null, occurrenceNo: 1, reopenedBy: 'lead@tenant.example', previousDisposition: 'false_positive',
  },
};

/** The example of one event type as a receiver gets it: the envelope recordEvent adds, then its fields. */
export function examplePayload(type: EventType): Record<string, unknown> {
  const entry = EVENT_CATALOGUE.find((e) => e.type === type)!;
  const envelope: Record<string, unknown> = {
    event: type,
    eventId: '5f0c6a1e-8d2b-4c3a-9e7f-1a2b3c4d5e6f',
    eventVersion: entry.version,
    timestamp: '2026-03-01T10:00:00.000Z',
    orgId: '0b7e4a52-3c1d-4e8f-9a6b-2d4c6e8f0a1b',
  };
  if (entry.carriesCase) Object.assign(envelope, { caseId: 'CS-2026-00042', crmRecordId: '0031x00000AbCdE', caseSequence: 3 });
  if (entry.carriesCrmSource) envelope.crmSource = 'HubSpot';
  return { ...envelope, ...(EXAMPLE_FIELDS[type] as Record<string, unknown>) };
}
