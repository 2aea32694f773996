import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import type { OnboardingStage } from '../cases/index';
import { countCaseDocuments } from '../documents/index';
import { findApplicationProfile, findCaseReference } from '../cases/index';
import { safeColor, safeLogoUrl } from '../invites/index';
import { getTenant } from '../tenants/index';
import type { Services } from '../services';
import { isEditable, loadApplication, missingForStep, missingForSubmission, missingPersonEmails, portalCaseOf, type Application } from '../cases/index';
import type { PortalSessionView, StepState } from '../cases/index';

/** Each journey stage in the customer's words (the console and events use STAGE_LABELS). */
export const CUSTOMER_STAGE_LABELS: Readonly<Record<OnboardingStage, string>> = {
  created: 'Getting started',
  invite_sent: 'Getting started',
  collecting_documents: 'Collecting your documents',
  application_submitted: 'Application submitted: we are reviewing it',
  in_screening: 'Under review',
  awaiting_id_verification: 'Identity verification needed',
  decision_made: 'Decision made',
};

/** Whether the customer has entered anything beyond what intake knew (company name and country). */
function started(app: Application): boolean {
  const { companyName: _n, country: _c, transactsInternationally, internationalCountries, customAnswers, ...rest } = app.companyProfile;
  return transactsInternationally || internationalCountries.length > 0 || Object.keys(customAnswers).length > 0
    || Object.values(rest).some((v) => v !== null) || app.ownership.hasUbos !== null
    || app.ownership.directors.length > 0 || app.ownership.ubos.length > 0;
}

/** Whether the customer has entered anything on the company page beyond what intake knew (its name and country). */
function companyStarted(app: Application): boolean {
  const { companyName: _n, country: _c, transactsInternationally, internationalCountries, customAnswers, ...rest } = app.companyProfile;
  return transactsInternationally || internationalCountries.length > 0 || Object.keys(customAnswers).length > 0 || Object.values(rest).some((v) => v !== null);
}

const ownershipStarted = (app: Application) => app.ownership.hasUbos !== null || app.ownership.directors.length > 0 || app.ownership.ubos.length > 0;

/**
 * portal.session: the tenant's branding, the case in brief, its stage in the customer's words, and the
 * state of each step. Steps: application (complete when nothing the form asks for is missing, every person's
 * email address included; `applicationSteps` gives its two pages, company and ownership, each its own state), documents
 * (complete with one upload or more), review (locked until a document is uploaded, in progress while
 * extraction runs, complete once confirmed), submit (locked while anything is missing or the review is not confirmed). Once the
 * application is submitted every step is complete and nothing is editable.
 */
export async function getPortalSession(svc: Services, actor: Actor, input: { caseId?: string } = {}): Promise<PortalSessionView> {
  const db = forTenant(svc.db, actor);
  const c = await portalCaseOf(svc.db, actor, input.caseId);
  const tenant = await getTenant(svc, actor.orgId);
  const casePk = Number(c.pk);
  const app = await loadApplication(db, c);
  const documents = await countCaseDocuments(db, casePk);
  const confirmedAt = (await findApplicationProfile(db, casePk))?.reviewConfirmedAt ?? null;
  const missing = [...missingForSubmission(app, documents), ...missingPersonEmails(app)];
  const editable = isEditable(c);
  const partState = (done: boolean, begun: boolean): StepState => (!editable || done ? 'complete' : begun ? 'in_progress' : 'not_started');
  const applicationSteps = [
    { step: 'company' as const, state: partState(missingForStep(app, 'company').length === 0, companyStarted(app)) },
    { step: 'ownership' as const, state: partState(missingForStep(app, 'ownership').length === 0, ownershipStarted(app)) },
  ];

  let steps: Record<'application' | 'documents' | 'review' | 'submit', StepState>;
  if (!editable) {
    steps = { application: 'complete', documents: 'complete', review: 'complete', submit: 'complete' };
  } else {
    const formMissing = missing.some((m) => m.path !== 'documents');
    steps = {
      application: !formMissing ? 'complete' : started(app) ? 'in_progress' : 'not_started',
      documents: documents.total > 0 ? 'complete' : 'not_started',
      review: documents.total === 0 ? 'locked' : documents.awaitingExtraction > 0 ? 'in_progress' : confirmedAt ? 'complete' : 'not_started',
      submit: missing.length || !confirmedAt ? 'locked' : 'not_started',
    };
  }
  return {
    tenant: { name: tenant.name, brandColor: safeColor(tenant.brandColor), logoUrl: safeLogoUrl(tenant.logoUrl) },
    case: { caseId: c.caseId, companyName: app.companyProfile.companyName ?? c.companyName, status: c.status },
    stage: { value: c.onboardingStage, label: CUSTOMER_STAGE_LABELS[c.onboardingStage] },
    steps: (['application', 'documents', 'review', 'submit'] as const).map((step) => ({ step, state: steps[step] })),
    editable,
    customerEmail: actor.kind === 'customer' ? actor.email : (c.customerEmail ?? ''),
    applicationSteps,
    reference: (await findCaseReference(db, casePk)) ?? c.caseId,
    reviewConfirmed: confirmedAt !== null,
  };
}
