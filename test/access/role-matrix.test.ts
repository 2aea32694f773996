import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  assignCaseOwner, setPersonEmail, bulkAssignCases, bulkTagCases, deleteCaseView, exportCases, findConsoleCase, listCaseDecisions, listCases, listCaseTags, listCaseTimeline, listCaseViews, listConsoleCases, saveCaseView, setCaseTags, setCrmRecordId,
} from '../../src/cases/index';
import { createCase, openCase } from '../../src/onboarding/index';
import { approveDecisionOverride, decideCase, escalateCase, getCase, getPendingDecisionOverride, listDecisionBlockers, loadCaseParts, rejectDecisionOverride, reopenCase, respondToEscalation } from '../../src/decisions/index';
import { getDocument, listDocuments, listPortalDocuments, overrideDocumentStatus, removeDocument, uploadDocuments } from '../../src/documents/index';
import { memberActor, operatorActor, systemActor, type Actor, type CustomerActor } from '../../src/access/index';
import { listEventFeed } from '../../src/events/index';
import { createApiClient, disconnectApp, listApiClients, listConnectedApps, revokeClient } from '../../src/oauth/index';
import { SCOPES, type Scope } from '../../src/access/index';
import { dispositionScreeningHit, listScreeningHits } from '../../src/screening/index';
import { listAuditLog } from '../../src/audit/index';
import { countAssistantCalls, listCaseAssistantReads } from '../../src/assistant/index';
import { endMySession, getMe, listMySessions } from '../../src/sessions/index';
import { signOutEverywhere } from '../../src/oauth/index';
import { createMember, listMembers, setFourEyes, setFullParity, setWebhookAlertThreshold, type MemberRole, type Tenant } from '../../src/tenants/index';
import { changeMemberRole, inviteMember, removeMember } from '../../src/members/index';
import { setZeroRetention } from '../../src/tenants/index';
import { setIdvAcceptDocumentOnFile } from '../../src/tenants/index';
import { recheckDocumentOnFile } from '../../src/idv/index';
import { purgeCaseData } from '../../src/retention/index';
import { getPublicIntake, setPublicIntake } from '../../src/intake/index';
import {
  createWebhookEndpoint, deleteWebhookEndpoint, getWebhookDelivery, getWebhookEndpoint, listWebhookDeliveries, listWebhookEndpointHealth, listWebhookEndpoints, pauseWebhookEndpoint,
  pingWebhookUrl, redeliverWebhook, resumeWebhookEndpoint, testWebhookEndpoint, updateWebhookEndpoint,
} from '../../src/webhooks/index';
import type { Services } from '../../src/platform/index';
import { confirmReview, getApplication, getPortalSession, getReview, saveApplication, submitApplication } from '../../src/portal/index';
import { loadLatestAiReviews, reviewCase, runAiReview } from '../../src/review/index';
import { screenCase, triageCaseHits } from '../../src/screening/index';
import {
  attachPersonDocument, getPerson, getPersonReuseWindow, linkPerson, listCasePeople, listPersons, markPersonNew, setPersonReuseWindow, unlinkPerson,
} from '../../src/persons/index';
import { getCaseEdd, setEddRequirement } from '../../src/edd/index';
import { getCaseRequests, getReminderSchedule, listPortalRequestedItems, requestEddEvidence, sendOutreach, setReminderSchedule } from '../../src/outreach/index';
import { getCaseMonitoring, getMonitoringSettings, runMonitoring, setMonitoringSchedule } from '../../src/monitoring/index';
import {
  approveMonitoringReview, dispositionMonitoringReview, getMonitoringReview, listMonitoringReviews, reopenMonitoringReview, resolveMonitoringReview,
} from '../../src/monitoring-reviews/index';
import { setDefaultMlro } from '../../src/tenants/index';
import { addCaseNote, editCaseNote, listCaseNotes, listCaseNoteVersions } from '../../src/case-notes/index';
import { listNotifications, markNotificationsRead, unreadNotificationCount } from '../../src/notifications/index';
import { caseMetrics } from '../../src/case-metrics/index';
import { newTenant, runtime } from '../support/runtime';

/**
 * The role and scope matrix of every use case that takes an Actor (decisions.md "Roles"):
 * each member role, an API client holding exactly the scope a row needs and one holding every other
 * scope, a connector likewise, the operator, and the other tenant's operator. Written out here by hand,
 * not derived from PERMISSIONS, so that a wrong entry there fails.
 */
type Need = { scope: Scope | null; role: MemberRole | null };
const ROLES: MemberRole[] = ['analyst', 'mlro', 'compliance_admin', 'admin'];
const RANK: Record<MemberRole, number> = { analyst: 0, mlro: 1, compliance_admin: 2, admin: 3 };

interface Row {
  name: string;
  need: Need;
  /** Calls the use case for the tenant's resources; a refusal must come before any change. */
  call(svc: Services, actor: Actor): Promise<unknown>;
  /** Whether the other tenant's (allowed) actor must get not_found: the row names a resource of this tenant. */
  ownsResource: boolean;
}

describe('access: role and scope matrix over every use case that takes an Actor', function () {
  this.timeout(120_000);
  let svc: Services;
  let tenant: Tenant;
  let other: Tenant;
  let caseId: string;
  let endpointId: string;
  let clientId: string;
  const memberEmail = `matrix+${randomUUID()}@example.com`;
  let listedClientId: string; // never revoked by a row, unlike clientId
  let portalCaseId: string;
  let roleTargetId: string; // a member whose role the changeMemberRole row sets (to the one it has)
  let removedTargetId: string; // removed by the first allowed call of the removeMember row

  before(async () => {
    const rt = await runtime();
    svc = rt.svc;
    tenant = await newTenant(rt);
    other = await newTenant(rt);
    caseId = (await openCase(svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Matrix Ltd' })).caseId;
    clientId = (await createApiClient(svc, operatorActor(tenant.id), { name: 'Matrix client' })).clientId;
    await createMember(svc, operatorActor(tenant.id), { email: memberEmail, password: 'a long enough password', role: 'analyst' });
    listedClientId = (await createApiClient(svc, operatorActor(tenant.id), { name: 'Listed client' })).clientId;
    roleTargetId = (await createMember(svc, operatorActor(tenant.id), { email: `role+${randomUUID()}@example.com`, password: 'a long enough password', role: 'mlro' })).id;
    removedTargetId = (await createMember(svc, operatorActor(tenant.id), { email: `gone+${randomUUID()}@example.com`, password: 'a long enough password', role: 'analyst' })).id;
    endpointId = (await createWebhookEndpoint(svc, operatorActor(tenant.id), { url: 'https://127.0.0.1:9/hook' })).endpoint.endpointId;
    // A UUID case id: the other tenant's own CS-… numbers repeat this tenant's.
    portalCaseId = ((await createCase(svc, operatorActor(tenant.id), {
      body: { customerEmail: `portal+${randomUUID()}@example.com`, companyName: 'Portal Matrix Ltd', sendInvite: false }, render: (o) => ({ status: 201, body: o as object }),
    })).response.body as { case: { caseId: string } }).case.caseId;
  });

  const token = (kind: 'api_client' | 'connector', orgId: string, scopes: Scope[]): Actor => (kind === 'api_client'
    ? { kind, orgId, clientId: `cli_${randomUUID()}`, scopes, tokenId: randomUUID(), mode: 'live' }
    : { kind, orgId, clientId: `cli_${randomUUID()}`, grantId: randomUUID(), memberId: randomUUID(), scopes, tokenId: randomUUID(), mode: 'live' });
  const member = (role: MemberRole, orgId = tenant.id): Actor => memberActor({ orgId, id: randomUUID(), email: `${role}+${randomUUID()}@example.com`, role });
  const uniqueEmail = () => `new+${randomUUID()}@example.com`;

  const rows: Row[] = [
    { name: 'listCases', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => listCases(s, a, {}) },
    { name: 'getCase', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: true, call: (s, a) => getCase(s, a, caseId) },
    { name: 'listCaseDecisions', need: { scope: 'read:decisions', role: 'analyst' }, ownsResource: true, call: (s, a) => listCaseDecisions(s, a, caseId, {}) },
    { name: 'listScreeningHits', need: { scope: 'read:screening', role: 'analyst' }, ownsResource: true, call: (s, a) => listScreeningHits(s, a, caseId, {}) },
    {
      name: 'dispositionScreeningHit', need: { scope: 'screening:write', role: 'analyst' }, ownsResource: true,
      call: (s, a) => dispositionScreeningHit(s, a, caseId, { hitId: 'no-such-hit', disposition: 'false_positive' }),
    },
    { name: 'setCrmRecordId', need: { scope: 'cases:write', role: 'analyst' }, ownsResource: true, call: (s, a) => setCrmRecordId(s, a, caseId, { crmRecordId: 'crm-1' }) },
    // Before createCase and openCase: their other-tenant call gives that tenant a CS-…-00001 of its own.
    { name: 'listConsoleCases', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => listConsoleCases(s, a, {}) },
    // The CSV export (issue 26): the console only, never a token; read to the end, as the download does.
    {
      name: 'exportCases', need: { scope: null, role: 'analyst' }, ownsResource: false,
      call: async (s, a) => { for await (const _chunk of (await exportCases(s, a, {})).chunks); },
    },
    { name: 'findConsoleCase', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => findConsoleCase(s, a, caseId) },
    { name: 'loadCaseParts', need: { scope: 'read:decisions', role: 'analyst' }, ownsResource: false, call: (s, a) => loadCaseParts(s, a, 'decision', [caseId]) },
    { name: 'listCaseTimeline', need: { scope: 'read:events', role: 'analyst' }, ownsResource: true, call: (s, a) => listCaseTimeline(s, a, caseId, {}) },
    // A case's record of AI-assistant reads (issue 18): the console only, never a token.
    { name: 'listCaseAssistantReads', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => listCaseAssistantReads(s, a, caseId, {}) },
    // Case notes and notifications (issue 26): the console only. A note carries its author and a notification its
    // member, so the operator (allowed by the table) is told to sign in: unauthenticated, after the role check.
    { name: 'listCaseNotes', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => listCaseNotes(s, a, caseId, {}) },
    { name: 'addCaseNote', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => addCaseNote(s, a, caseId, 'A note of the matrix.') },
    { name: 'editCaseNote', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => editCaseNote(s, a, 999_999_999, 'Edited.') },
    { name: 'listCaseNoteVersions', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => listCaseNoteVersions(s, a, 999_999_999) },
    { name: 'listNotifications', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listNotifications(s, a, {}) },
    { name: 'unreadNotificationCount', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => unreadNotificationCount(s, a) },
    { name: 'markNotificationsRead', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => markNotificationsRead(s, a, { all: true }) },
    { name: 'assignCaseOwner', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => assignCaseOwner(s, a, { caseId, memberId: null }) },
    // The case list as a work queue (issue 26): tags and views are the console's; reading them is reading cases.
    { name: 'setCaseTags', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => setCaseTags(s, a, { caseId, tags: ['matrix'] }) },
    // Bulk actions answer per case: another tenant's call is refused case by case (not_found in the answer), not thrown.
    { name: 'bulkAssignCases', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => bulkAssignCases(s, a, { caseIds: [caseId], ownerId: null }) },
    { name: 'bulkTagCases', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => bulkTagCases(s, a, { caseIds: [caseId], add: ['matrix'] }) },
    { name: 'listCaseTags', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => listCaseTags(s, a) },
    { name: 'listCaseViews', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => listCaseViews(s, a) },
    { name: 'saveCaseView', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => saveCaseView(s, a, { name: `View ${randomUUID()}`, filter: { tags: ['matrix'] } }) },
    // No such view: an allowed caller gets not_found, after the role check.
    { name: 'deleteCaseView', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => deleteCaseView(s, a, { viewId: '999999999' }) },
    // The case stays in_progress: an allowed caller gets invalid_transition, after the role check.
    { name: 'decideCase', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => decideCase(s, a, { caseId, outcome: 'approved', notes: 'n' }) },
    { name: 'listDecisionBlockers', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: true, call: (s, a) => listDecisionBlockers(s, a, caseId) },
    { name: 'getPendingDecisionOverride', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => getPendingDecisionOverride(s, a, caseId) },
    // Nothing pending: an allowed caller gets not_found, after the role check.
    { name: 'approveDecisionOverride', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => approveDecisionOverride(s, a, { caseId }) },
    { name: 'rejectDecisionOverride', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => rejectDecisionOverride(s, a, { caseId }) },
    { name: 'escalateCase', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => escalateCase(s, a, { caseId, note: 'n' }) },
    { name: 'respondToEscalation', need: { scope: null, role: 'mlro' }, ownsResource: true, call: (s, a) => respondToEscalation(s, a, { caseId, recommendation: 'refer', note: 'n' }) },
    { name: 'reopenCase', need: { scope: null, role: 'mlro' }, ownsResource: true, call: (s, a) => reopenCase(s, a, { caseId, reason: 'r' }) },
    {
      name: 'overrideDocumentStatus', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: (s, a) => overrideDocumentStatus(s, a, { documentId: '999999999', status: 'approved', note: 'n' }),
    },
    {
      name: 'createCase', need: { scope: 'cases:write', role: 'analyst' }, ownsResource: false,
      call: (s, a) => createCase(s, a, { body: { customerEmail: uniqueEmail(), companyName: 'Matrix Two Ltd', sendInvite: false }, render: (o) => ({ status: 201, body: o as object }) }),
    },
    { name: 'openCase', need: { scope: 'cases:write', role: 'analyst' }, ownsResource: false, call: (s, a) => openCase(s, a, { source: 'manual', companyName: 'Manual Ltd' }) },
    { name: 'listDocuments', need: { scope: 'read:documents', role: 'analyst' }, ownsResource: false, call: (s, a) => listDocuments(s, a, {}) },
    { name: 'getDocument', need: { scope: 'read:documents', role: 'analyst' }, ownsResource: true, call: (s, a) => getDocument(s, a, '999999999') },
    { name: 'listEventFeed', need: { scope: 'read:events', role: 'analyst' }, ownsResource: false, call: (s, a) => listEventFeed(s, a, {}) },
    { name: 'listWebhookEndpoints', need: { scope: 'webhooks:read', role: 'analyst' }, ownsResource: false, call: (s, a) => listWebhookEndpoints(s, a) },
    { name: 'getWebhookEndpoint', need: { scope: 'webhooks:read', role: 'analyst' }, ownsResource: true, call: (s, a) => getWebhookEndpoint(s, a, { endpointId }) },
    { name: 'getWebhookDelivery', need: { scope: 'webhooks:read', role: 'analyst' }, ownsResource: true, call: (s, a) => getWebhookDelivery(s, a, { deliveryId: 999999999 }) },
    { name: 'listWebhookEndpointHealth', need: { scope: 'webhooks:read', role: 'analyst' }, ownsResource: false, call: (s, a) => listWebhookEndpointHealth(s, a) },
    { name: 'listWebhookDeliveries', need: { scope: 'webhooks:read', role: 'analyst' }, ownsResource: false, call: (s, a) => listWebhookDeliveries(s, a, {}) },
    { name: 'createWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: false, call: (s, a) => createWebhookEndpoint(s, a, { url: 'https://127.0.0.1:9/other' }) },
    { name: 'updateWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => updateWebhookEndpoint(s, a, { endpointId, label: 'renamed' }) },
    { name: 'pauseWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => pauseWebhookEndpoint(s, a, { endpointId }) },
    { name: 'resumeWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => resumeWebhookEndpoint(s, a, { endpointId }) },
    { name: 'testWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => testWebhookEndpoint(s, a, { endpointId }) },
    { name: 'pingWebhookUrl', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: false, call: (s, a) => pingWebhookUrl(s, a, { url: 'https://127.0.0.1:9/ping' }) },
    { name: 'redeliverWebhook', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => redeliverWebhook(s, a, { deliveryId: 999999999 }) },
    { name: 'deleteWebhookEndpoint', need: { scope: 'webhooks:write', role: 'analyst' }, ownsResource: true, call: (s, a) => deleteWebhookEndpoint(s, a, { endpointId: randomUUID() }) },
    { name: 'listApiClients', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listApiClients(s, a) },
    { name: 'createApiClient', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => createApiClient(s, a, { name: 'Matrix CRM' }) },
    { name: 'revokeClient', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => revokeClient(s, a, { clientId }) },
    { name: 'listConnectedApps', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listConnectedApps(s, a) },
    { name: 'disconnectApp', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => disconnectApp(s, a, { grantId: randomUUID() }) },
    // The AI-assistant calls per connected app (issue 18): the console only, never a token.
    { name: 'countAssistantCalls', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => countAssistantCalls(s, a, [randomUUID()]) },
    { name: 'setFullParity (toggle)', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setFullParity(s, a, { enabled: false }) },
    { name: 'setFullParity (entitlement)', need: { scope: null, role: null }, ownsResource: false, call: (s, a) => setFullParity(s, a, { entitled: false }) },
    { name: 'setFourEyes', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setFourEyes(s, a, { enabled: true }) },
    { name: 'setWebhookAlertThreshold', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setWebhookAlertThreshold(s, a, { minutes: 60 }) },
    { name: 'setDefaultMlro', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setDefaultMlro(s, a, { memberId: null }) },
    // Monitoring reviews (issue 17): a review of nobody here (not_found once allowed).
    { name: 'listMonitoringReviews', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listMonitoringReviews(s, a, {}) },
    { name: 'getMonitoringReview', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getMonitoringReview(s, a, { id: randomUUID() }) },
    {
      name: 'dispositionMonitoringReview', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: (s, a) => dispositionMonitoringReview(s, a, { id: randomUUID(), disposition: 'false_positive', note: 'n' }),
    },
    { name: 'approveMonitoringReview', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => approveMonitoringReview(s, a, { id: randomUUID() }) },
    {
      name: 'resolveMonitoringReview', need: { scope: null, role: 'mlro' }, ownsResource: true,
      call: (s, a) => resolveMonitoringReview(s, a, { id: randomUUID(), disposition: 'false_positive', note: 'n' }),
    },
    { name: 'reopenMonitoringReview', need: { scope: null, role: 'mlro' }, ownsResource: true, call: (s, a) => reopenMonitoringReview(s, a, { id: randomUUID(), reason: 'r' }) },
    // Zero retention (issue 15, step 7): the switch, and the purge, which only the service (and the operator) runs.
    { name: 'setZeroRetention', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setZeroRetention(s, a, { enabled: false }) },
    // A document on file (issue 24): the tenant's audited switch, and the check an analyst's link re-runs.
    { name: 'setIdvAcceptDocumentOnFile', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setIdvAcceptDocumentOnFile(s, a, { accept: false }) },
    { name: 'recheckDocumentOnFile', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => recheckDocumentOnFile(s, a, { caseId: portalCaseId, personKey: randomUUID() }) },
    { name: 'purgeCaseData', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => purgeCaseData(s, a, { caseId: portalCaseId }) },
    { name: 'listAuditLog', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => listAuditLog(s, a, {}) },
    { name: 'getPublicIntake', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getPublicIntake(s, a) },
    { name: 'setPublicIntake', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setPublicIntake(s, a, { enabled: false }) },
    { name: 'listMembers', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listMembers(s, a) },
    // The dashboard (issue 26): any member; no token scope reaches it.
    { name: 'caseMetrics', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => caseMetrics(s, a, { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') }) },
    { name: 'createMember', need: { scope: null, role: 'admin' }, ownsResource: false, call: (s, a) => createMember(s, a, { email: uniqueEmail(), password: 'a long enough password', role: 'analyst' }) },
    // The customer portal (portal:case): the customer of the case (their session names it), else only the operator or the system, naming it.
    { name: 'getPortalSession', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => getPortalSession(s, a, { caseId: portalCaseId }) },
    { name: 'getApplication', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => getApplication(s, a, { caseId: portalCaseId }) },
    { name: 'saveApplication', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => saveApplication(s, a, { caseId: portalCaseId, application: { companyProfile: { taxId: 'T-1' } } }) },
    { name: 'submitApplication', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => submitApplication(s, a, { caseId: portalCaseId }) },
    { name: 'getReview', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => getReview(s, a, { caseId: portalCaseId }) },
    { name: 'confirmReview', need: { scope: null, role: null }, ownsResource: true, call: (s, a) => confirmReview(s, a, { caseId: portalCaseId, amendments: [] }) },
    { name: 'inviteMember', need: { scope: null, role: 'admin' }, ownsResource: false, call: (s, a) => inviteMember(s, a, { email: uniqueEmail(), name: 'Invited', role: 'analyst' }) },
    { name: 'changeMemberRole', need: { scope: null, role: 'admin' }, ownsResource: true, call: (s, a) => changeMemberRole(s, a, { memberId: roleTargetId, role: 'mlro' }) },
    { name: 'removeMember', need: { scope: null, role: 'admin' }, ownsResource: true, call: (s, a) => removeMember(s, a, { memberId: removedTargetId }) },
    // One's own profile and sessions: every member role (a member id of nobody here: not_found, or nothing to list or end).
    { name: 'getMe', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getMe(s, a) },
    { name: 'listMySessions', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listMySessions(s, a) },
    { name: 'endMySession', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => endMySession(s, a, { sessionId: 'no-such-session' }) },
    { name: 'signOutEverywhere', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => signOutEverywhere(s, a) },
    // The AI case review: running it is case work; reading the latest review is reading the case.
    { name: 'runAiReview', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => runAiReview(s, a, { caseId: portalCaseId }) },
    {
      name: 'reviewCase', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: async (s, a) => {
        const [row] = await s.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId]);
        return reviewCase(s, a, { orgId: tenant.id, casePk: Number(row.pk) }, { triggeredBy: 'matrix@example.com' });
      },
    },
    { name: 'loadLatestAiReviews', need: { scope: 'read:cases', role: 'analyst' }, ownsResource: false, call: (s, a) => loadLatestAiReviews(s, a, [caseId]) },
    // Screening and triage of a case: case work (an analyst may rerun them); no token scope.
    {
      name: 'screenCase', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: async (s, a) => {
        const [row] = await s.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId]);
        return screenCase(s, a, { orgId: tenant.id, casePk: Number(row.pk) });
      },
    },
    {
      name: 'triageCaseHits', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: async (s, a) => {
        const [row] = await s.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [tenant.id, caseId]);
        return triageCaseHits(s, a, { orgId: tenant.id, casePk: Number(row.pk) });
      },
    },
    // The person registry: case work (analyst); the reuse window is configuration (compliance_admin). No token scope.
    // On the UUID case: earlier rows' other-tenant calls open CS-… cases there that repeat this tenant's ids.
    { name: 'listPersons', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => listPersons(s, a, {}) },
    { name: 'getPerson', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getPerson(s, a, 1) },
    { name: 'listCasePeople', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => listCasePeople(s, a, portalCaseId) },
    { name: 'linkPerson', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => linkPerson(s, a, { caseId: portalCaseId, personKey: randomUUID(), personId: 1 }) },
    // A person's email from the case page (issue 29): the console only; an unknown person is not_found after the role check.
    { name: 'setPersonEmail', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => setPersonEmail(s, a, { caseId, personKey: randomUUID(), email: 'person@example.com' }) },
    { name: 'unlinkPerson', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => unlinkPerson(s, a, { caseId: portalCaseId, personKey: randomUUID(), reason: 'matrix' }) },
    { name: 'markPersonNew', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => markPersonNew(s, a, { caseId: portalCaseId, personKey: randomUUID() }) },
    { name: 'attachPersonDocument', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => attachPersonDocument(s, a, { personId: 1, documentId: 999_999_999 }) },
    { name: 'getPersonReuseWindow', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getPersonReuseWindow(s, a) },
    { name: 'setPersonReuseWindow', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setPersonReuseWindow(s, a, { days: 365 }) },
    // EDD and outreach (issue 16): case work on the portal case (a UUID id: the other tenant's CS numbers repeat this one's).
    { name: 'getCaseEdd', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => getCaseEdd(s, a, { caseId: portalCaseId }) },
    {
      name: 'setEddRequirement', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: (s, a) => setEddRequirement(s, a, { caseId: portalCaseId, reqKey: 'matrix_item', status: 'outstanding', label: 'Matrix item' }),
    },
    { name: 'requestEddEvidence', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => requestEddEvidence(s, a, { caseId: portalCaseId, items: ['matrix_item'] }) },
    {
      name: 'sendOutreach', need: { scope: null, role: 'analyst' }, ownsResource: true,
      call: (s, a) => sendOutreach(s, a, { caseId: portalCaseId, kind: 'document_request', items: [{ key: 'bank_statement', label: 'Bank statement' }] }),
    },
    { name: 'getCaseRequests', need: { scope: null, role: 'analyst' }, ownsResource: true, call: (s, a) => getCaseRequests(s, a, { caseId: portalCaseId }) },
    { name: 'getReminderSchedule', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getReminderSchedule(s, a) },
    {
      name: 'setReminderSchedule', need: { scope: null, role: 'compliance_admin' }, ownsResource: false,
      call: (s, a) => setReminderSchedule(s, a, { enabled: true, firstAfterDays: 3, everyDays: 7, maxReminders: 3 }),
    },
    // Perpetual monitoring: case work and reading for analysts, the schedule for compliance admins; no token scope.
    { name: 'runMonitoring', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => runMonitoring(s, a, caseId) },
    { name: 'getCaseMonitoring', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getCaseMonitoring(s, a, caseId) },
    { name: 'getMonitoringSettings', need: { scope: null, role: 'analyst' }, ownsResource: false, call: (s, a) => getMonitoringSettings(s, a) },
    { name: 'setMonitoringSchedule', need: { scope: null, role: 'compliance_admin' }, ownsResource: false, call: (s, a) => setMonitoringSchedule(s, a, { schedule: 'daily' }) },
  ];

  const refusalOf = async (p: Promise<unknown>) => p.then(() => null, (err: { code?: string; extra?: unknown; message?: string }) => err);

  for (const row of rows) {
    it(`${row.name}: ${row.need.scope ?? 'no token'} / ${row.need.role ?? 'operator only'}`, async () => {
      const expectations: { who: string; actor: Actor; allowed: boolean; code?: string }[] = [];
      for (const role of ROLES) {
        const allowed = row.need.role !== null && RANK[role] >= RANK[row.need.role];
        expectations.push({ who: `member ${role}`, actor: member(role), allowed, code: 'forbidden' });
      }
      for (const kind of ['api_client', 'connector'] as const) {
        const others = SCOPES.filter((s) => s !== row.need.scope);
        expectations.push({ who: `${kind} with every other scope`, actor: token(kind, tenant.id, others), allowed: false, code: row.need.scope ? 'insufficient_scope' : 'forbidden' });
        if (row.need.scope) expectations.push({ who: `${kind} with ${row.need.scope}`, actor: token(kind, tenant.id, [row.need.scope]), allowed: true });
      }
      expectations.push({ who: 'operator', actor: operatorActor(tenant.id), allowed: true });

      for (const e of expectations) {
        const err = await refusalOf(row.call(svc, e.actor));
        if (e.allowed) {
          expect(err?.code ?? 'ok', e.who).to.not.be.oneOf(['forbidden', 'insufficient_scope']);
          if (err && !(err as { code?: string }).code) throw err; // an unexpected failure, not a domain answer
        } else {
          expect(err?.code ?? 'ok', e.who).to.equal(e.code);
          if (e.code === 'insufficient_scope') expect((err as { extra: unknown }).extra, e.who).to.deep.equal({ scope: row.need.scope });
        }
      }

      // The other tenant, with every permission: never this tenant's resource, always the same not_found.
      const outsider = await refusalOf(row.call(svc, operatorActor(other.id)));
      if (row.ownsResource) expect(outsider?.code, 'other tenant').to.equal('not_found');
      else expect(outsider?.code ?? 'ok', 'other tenant').to.not.be.oneOf(['forbidden', 'insufficient_scope']);
    });
  }

  it('lists of the other tenant never show this tenant’s rows', async () => {
    const outsider = operatorActor(other.id);
    // Case numbers are per tenant (the other tenant has a CS-…-00001 of its own): compare company names.
    expect((await listCases(svc, outsider, {})).data.map((c) => c.companyName)).to.not.include('Matrix Ltd');
    expect((await listWebhookEndpoints(svc, outsider)).map((e) => e.endpointId)).to.not.include(endpointId);
    expect((await listApiClients(svc, outsider)).map((c) => c.clientId)).to.not.include(listedClientId);
    expect((await listApiClients(svc, operatorActor(tenant.id))).map((c) => c.clientId)).to.include(listedClientId);
    expect((await listMembers(svc, outsider)).map((m) => m.email)).to.not.include(memberEmail);
    expect((await listMembers(svc, operatorActor(tenant.id))).map((m) => m.email)).to.include(memberEmail);
  });
});

/**
 * The customer portal's use cases (permission portal:case): only the customer of a case, on that case.
 * Every member role, every token (all scopes), the operator and the system are refused with forbidden;
 * the case's own customer is let through; a customer of another tenant finds nothing of this one.
 */
describe('access: the customer portal\'s use cases (customer only)', () => {
  let svc: Services;
  let tenant: Tenant;
  let other: Tenant;
  let customer: CustomerActor;
  let outsider: CustomerActor;
  const noFiles = { files: { async *[Symbol.asyncIterator]() {} } };

  before(async () => {
    const rt = await runtime();
    svc = rt.svc;
    tenant = await newTenant(rt);
    other = await newTenant(rt);
    const mine = await openCase(svc, operatorActor(tenant.id), { source: 'manual', companyName: 'Portal Matrix Ltd', customerEmail: 'portal.matrix@example.com' });
    const theirs = await openCase(svc, operatorActor(other.id), { source: 'manual', companyName: 'Other Portal Ltd', customerEmail: 'other.portal@example.com' });
    customer = { kind: 'customer', orgId: tenant.id, casePk: mine.pk, caseId: mine.caseId, email: 'portal.matrix@example.com' };
    outsider = { kind: 'customer', orgId: other.id, casePk: theirs.pk, caseId: theirs.caseId, email: 'other.portal@example.com' };
  });

  const rows: { name: string; call(svc: Services, actor: Actor): Promise<unknown>; outsiderCode: string | null }[] = [
    { name: 'listPortalDocuments', call: (s, a) => listPortalDocuments(s, a), outsiderCode: null },
    { name: 'uploadDocuments', call: (s, a) => uploadDocuments(s, a, noFiles), outsiderCode: 'validation_failed' },
    { name: 'removeDocument', call: (s, a) => removeDocument(s, a, { id: 999_999_999 }), outsiderCode: 'not_found' },
    { name: 'listPortalRequestedItems', call: (s, a) => listPortalRequestedItems(s, a), outsiderCode: null },
  ];
  const refusalOf = async (p: Promise<unknown>) => p.then(() => null, (err: { code?: string }) => err);

  for (const row of rows) {
    it(`${row.name}: portal:case (the case's customer only)`, async () => {
      const refused: [string, Actor][] = [
        ...(['analyst', 'mlro', 'compliance_admin', 'admin'] as const).map((role): [string, Actor] => [`member ${role}`, memberActor({ orgId: tenant.id, id: randomUUID(), email: `${role}@example.com`, role })]),
        ['api_client with every scope', { kind: 'api_client', orgId: tenant.id, clientId: 'cli_x', scopes: [...SCOPES], tokenId: randomUUID(), mode: 'live' }],
        ['connector with every scope', { kind: 'connector', orgId: tenant.id, clientId: 'cli_y', grantId: randomUUID(), memberId: randomUUID(), scopes: [...SCOPES], tokenId: randomUUID(), mode: 'live' }],
        ['operator', operatorActor(tenant.id)],
        ['system', systemActor(tenant.id)],
      ];
      for (const [who, actor] of refused) expect((await refusalOf(row.call(svc, actor)))?.code, who).to.equal('forbidden');
      const own = await refusalOf(row.call(svc, customer));
      expect(own?.code ?? 'ok', 'the case\'s customer').to.not.be.oneOf(['forbidden', 'insufficient_scope', 'unauthenticated']);
      if (own && !own.code) throw own;
      expect((await refusalOf(row.call(svc, outsider)))?.code ?? null, 'a customer of another tenant').to.equal(row.outsiderCode);
    });
  }
});
