import { DomainError } from '../errors';
import { MEMBER_ROLES, type MemberRole, type Scope } from './vocabulary';
import type { Actor } from './actor';

/**
 * What each permission needs: the OAuth scope a token must hold (absent: tokens may not do it at all) and
 * the least member role (roles are ordered analyst < mlro < compliance_admin < admin, each including the
 * ones before it; decisions.md "Roles"), and whether a portal customer may (on their own case only).
 * The operator (CLI) and the system may do everything.
 */
export const PERMISSIONS = {
  'cases:read': { scope: 'read:cases', role: 'analyst' },
  'cases:create': { scope: 'cases:write', role: 'analyst' },
  'cases:set_crm_record_id': { scope: 'cases:write', role: 'analyst' },
  'cases:read_full_parity': { scope: 'read:full_case', role: 'analyst' },
  /** Downloading the console's case list as CSV (GET /console/export/cases.csv, audited): the console only, never a token. */
  'cases:export': { role: 'analyst' },
  /** Console case work: assigning owners, deciding, escalating, overriding an errored document. */
  'cases:work': { role: 'analyst' },
  /** Answering an escalation (senior review). */
  'cases:respond_escalation': { role: 'mlro' },
  /** Reopening an approved or declined case. */
  'cases:reopen': { role: 'mlro' },
  /** Saving a filter of the case list as a view shared in the tenant, and deleting one's own (whoever works the list). */
  'case_views:save': { role: 'analyst' },
  /** Deleting a saved view of another member. */
  'case_views:delete_any': { role: 'admin' },
  'decisions:read': { scope: 'read:decisions', role: 'analyst' },
  /** A case's signed evidence pack (GET /v1/cases/{caseId}/evidence with the opt-in scope, or the console's download; audited). */
  'evidence:read': { scope: 'read:evidence', role: 'analyst' },
  /** Replaying a recorded decision's policy version on its recorded facts, and what-if (today's policy on today's facts): records nothing. */
  'decisions:replay': { role: 'analyst' },
  'screening:read': { scope: 'read:screening', role: 'analyst' },
  'screening:disposition': { scope: 'screening:write', role: 'analyst' },
  /** Screening a case's parties and triaging its hits (pipeline steps, run by the system; an analyst may rerun them). */
  'screening:run': { role: 'analyst' },
  /** Ad-hoc search of the watchlist with explanations (console screenName, POST /v1/screening/match). */
  'screening:search': { scope: 'screening:search', role: 'analyst' },
  /** The tenant's screening settings (threshold, topics, datasets, date tolerance, weak aliases): seeing them and dry-running a draft. */
  'screening_settings:read': { role: 'analyst' },
  /** Editing the screening settings (each edit a new version, audited). */
  'screening_settings:configure': { role: 'compliance_admin' },
  /** The tenant's cleared hits (subject and entity pairs dispositioned false_positive). */
  'cleared_hits:read': { role: 'analyst' },
  /** Revoking a cleared pair, so the hit is raised again (audited). */
  'cleared_hits:revoke': { role: 'mlro' },
  'documents:read': { scope: 'read:documents', role: 'analyst' },
  'events:read': { scope: 'read:events', role: 'analyst' },
  'webhooks:read': { scope: 'webhooks:read', role: 'analyst' },
  'webhooks:manage': { scope: 'webhooks:write', role: 'analyst' },
  'credentials:read': { role: 'analyst' },
  'credentials:manage': { role: 'analyst' },
  /** Pull-API credentials with an elevated scope (ELEVATED_CLIENT_SCOPES): minting them, or rotating their secret. */
  'credentials:grant_elevated': { role: 'compliance_admin' },
  'connected_apps:read': { role: 'analyst' },
  /** Disconnecting one's own app; another member's needs connected_apps:disconnect_any. */
  'connected_apps:disconnect': { role: 'analyst' },
  'connected_apps:disconnect_any': { role: 'admin' },
  /** The record of AI-assistant reads (MCP tool calls): a case's "Accessed by AI assistant" entries. */
  'assistant_reads:read': { role: 'analyst' },
  'full_parity:toggle': { role: 'compliance_admin' },
  'four_eyes:toggle': { role: 'compliance_admin' },
  /** How long an endpoint's deliveries may fail before the failure alert (src/tenants/set-webhook-alert-threshold.ts). */
  'webhook_alerts:configure': { role: 'compliance_admin' },
  /** Nominating the default MLRO, who monitoring-review hand-offs are assigned to. */
  'default_mlro:set': { role: 'compliance_admin' },
  /** Monitoring reviews: seeing the queue and a review, giving the analyst's verdict, approving another's verdict (four-eyes). */
  'monitoring_reviews:read': { role: 'analyst' },
  'monitoring_reviews:disposition': { role: 'analyst' },
  'monitoring_reviews:approve': { role: 'analyst' },
  /** The MLRO resolves a review handed to them, and reopens a closed one. */
  'monitoring_reviews:resolve': { role: 'mlro' },
  'monitoring_reviews:reopen': { role: 'mlro' },
  /** Zero retention of personal data after the full-parity data package (src/tenants/set-zero-retention.ts). */
  'zero_retention:toggle': { role: 'compliance_admin' },
  /** The public intake link `{APP_URL}/apply/<slug>`: seeing it, and switching it on or off or renaming it. */
  'intake:read': { role: 'analyst' },
  'intake:configure': { role: 'compliance_admin' },
  /** Mail kept locally while SMTP_URL is unset (the console's Mail page): it holds magic links. */
  'mail:read_kept': { role: 'compliance_admin' },
  /** The tenant configuration audit log. */
  'audit:read': { role: 'compliance_admin' },
  /** Signing the audit chain's head on demand (signAuditHead; the worker signs it daily as the system). */
  'audit:sign': { role: 'compliance_admin' },
  /** Seeing the retention schedule (every member: the console shows it read-only to those who may not change it). */
  'retention:read': { role: 'analyst' },
  /** The retention schedule of closed, declined and withdrawn cases (setRetentionPolicy, audited). */
  'retention:configure': { role: 'compliance_admin' },
  /** Placing and releasing a legal hold on a case (blocks every purge until released; audited). */
  'legal_hold:manage': { role: 'mlro' },
  /** Data-subject requests: a person's subject access export and erasure request (audited). */
  'subject_requests:manage': { role: 'compliance_admin' },
  /** Document extraction (a pipeline step): the system only. */
  'documents:extract': {},
  /** The zero-retention purge of a case's personal data: the service's own step (and the operator), never a member or token. */
  'retention:purge': {},
  /** The operator-unlocked entitlement: nobody but the operator. */
  'full_parity:entitle': {},
  'members:read': { role: 'analyst' },
  /** One's own console profile (me) and sessions: list, end one, sign out everywhere. */
  'sessions:own': { role: 'analyst' },
  'members:manage': { role: 'admin' },
  /** One's own second factors: enrolling TOTP or a passkey, listing and removing them, recovery codes. */
  'mfa:own': { role: 'analyst' },
  /** The tenant's "Require MFA" switch (audited, step-up). */
  'mfa:configure': { role: 'admin' },
  /** The tenant's IP allow-list and inactivity limit (audited, step-up). */
  'network:configure': { role: 'admin' },
  /** The tenant's single sign-on connection (src/sso): seeing, setting, testing and removing it, and "SSO required" (audited, step-up). */
  'sso:configure': { role: 'admin' },
  /** The risk engine's pipeline step (assessing a case as `system`): nobody but the system and the operator. */
  'risk:assess': {},
  /** Seeing the tenant's risk model and a case's assessment breakdown. */
  'risk:read': { role: 'analyst' },
  /** Editing the risk model (each edit a new version, audited). */
  'risk:configure': { role: 'compliance_admin' },
  /** The decision policy's pipeline step (routing, automatic decisions): nobody but the system and the operator. */
  'policy:route': {},
  /** Seeing the decision policy and dry-running it (or a draft) against a case. */
  'policy:read': { role: 'analyst' },
  /** Editing the decision policy (each edit a new version, audited). */
  'policy:configure': { role: 'compliance_admin' },
  /** The person registry: persons, a case's people with their links and match proposals. */
  'persons:read': { role: 'analyst' },
  /** Linking, unlinking and marking new a case's people, and attaching their ID documents to persons. */
  'persons:link': { role: 'analyst' },
  /** The tenant's reuse window of persons' ID documents (audited). */
  'persons:configure': { role: 'compliance_admin' },
  /** A case's EDD requirements and their history. */
  'edd:read': { role: 'analyst' },
  /** Marking EDD requirements outstanding, received or waived, their notes, and adding one's own (the system derives the policy's). */
  'edd:manage': { role: 'analyst' },
  /** Emailing the customer of a case: EDD evidence requests and document requests; seeing a case's customer emails. */
  'outreach:send': { role: 'analyst' },
  /** The tenant's reminder schedule for requested items: seeing it. */
  'outreach:read_settings': { role: 'analyst' },
  /** Changing the reminder schedule (audited). */
  'outreach:configure': { role: 'compliance_admin' },
  /** Identity verification's pipeline step (emailing verification links): the system only. */
  'idv:dispatch': {},
  /** Seeing a case's identity verifications (console), and sending a person a new link. */
  'idv:read': { role: 'analyst' },
  'idv:resend': { role: 'analyst' },
  /** Whether the tenant asks for a selfie with the ID document (audited). */
  'idv:configure': { role: 'compliance_admin' },
  /** Perpetual monitoring (src/monitoring): a case's runs and alerts, and the tenant's schedule. */
  'monitoring:read': { role: 'analyst' },
  /** Running monitoring on an approved case now (ad hoc). */
  'monitoring:run': { role: 'analyst' },
  /** Setting the tenant's monitoring schedule. */
  'monitoring:configure': { role: 'compliance_admin' },
  /** Work queues (src/work-queues): seeing them with their counts, and pulling the next case of one (with cases:work). */
  'queues:read': { role: 'analyst' },
  /** Defining the tenant's queues: conditions, members and assignment mode. */
  'queues:configure': { role: 'compliance_admin' },
  /** Setting one's own availability for automatic assignment. */
  'queues:availability': { role: 'analyst' },
  /** Setting another member's availability (leave, out of office). */
  'queues:availability_any': { role: 'compliance_admin' },
  /** SLAs (src/sla): the tenant's SLA policy and each case's SLA state. */
  'sla:read': { role: 'analyst' },
  /** Setting the SLA policy: targets per status, business hours, pausing (audited). */
  'sla:configure': { role: 'compliance_admin' },
  /** The dashboard's case metrics (src/case-metrics): the tenant's figures over a date range. */
  'metrics:read': { role: 'analyst' },
  /** A case's notes and their versions (src/case-notes). */
  'case_notes:read': { role: 'analyst' },
  /** Adding a note to a case, mentioning members (the roles that work a case); editing is the note's author's alone. */
  'case_notes:write': { role: 'analyst' },
  /** One's own console notifications: listing them, the unread count, marking them read. */
  'notifications:own': { role: 'analyst' },
  /**
   * The test helpers (src/test-helpers): a test credential moves its test cases along as the customer, a person
   * verifying their identity, the watchlist, a test analyst and monitoring would, and advances the tenant's test clock.
   * Tokens only, with the opt-in scope; requireTestPrincipal refuses live credentials.
   */
  'test_helpers:use': { scope: 'test_helpers' },
  /** The customer portal: a customer works on their own case (application, documents, review, submit). */
  'portal:case': { customer: true },
} as const satisfies Record<string, { scope?: Scope; role?: MemberRole; customer?: true }>;

export type Permission = keyof typeof PERMISSIONS;

const rank = (role: MemberRole) => MEMBER_ROLES.indexOf(role);

/** What a member whose tenant requires MFA may do before enrolling a second factor: enrol it, and their own sessions. */
export const ENROLMENT_PERMISSIONS: readonly Permission[] = ['mfa:own', 'sessions:own'];

/** How long a proved second factor counts for step-up: 10 minutes. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;

/**
 * Throws `step_up_required` unless a member who has a second factor (or whose tenant requires MFA) proved
 * it in this session within STEP_UP_WINDOW_MS. For the sensitive changes: credentials, roles, removing
 * members, the compliance switches and the MFA setting. Other callers (the operator, tokens) pass.
 */
export function requireStepUp(actor: Actor): void {
  if (actor.kind !== 'member' || !actor.secondFactor) return;
  const { enrolled, required, fresh } = actor.secondFactor;
  if ((enrolled || required) && !fresh) {
    throw new DomainError('step_up_required', 'Confirm it is you: enter a code from your authenticator app (or use your passkey), then try again.');
  }
}

/** Whether the actor may do it (no throw): for optional extras such as the full-parity projection. */
export function can(actor: Actor, permission: Permission): boolean {
  return refusal(actor, permission) === null;
}

/**
 * Throws unless the actor may do it: `insufficient_scope` (naming the scope) for a token without the
 * scope, `forbidden` for a role below the permission's or a caller kind that may never do it.
 */
export function authorize(actor: Actor, permission: Permission): void {
  const err = refusal(actor, permission);
  if (err) throw err;
}

function refusal(actor: Actor, permission: Permission): DomainError | null {
  const need: { scope?: Scope; role?: MemberRole; customer?: true } = PERMISSIONS[permission];
  switch (actor.kind) {
    case 'operator':
    case 'system':
      return null;
    case 'api_client':
    case 'connector':
      if (!need.scope) return new DomainError('forbidden', 'This operation is not available to API clients; it is done in the console.');
      if (!actor.scopes.includes(need.scope)) {
        return new DomainError('insufficient_scope', `This request requires the scope ${need.scope}.`, { scope: need.scope });
      }
      return null;
    case 'customer':
      return need.customer ? null : new DomainError('forbidden', 'This is not available in the customer portal.');
    case 'member':
      if (actor.secondFactor?.required && !actor.secondFactor.enrolled && !ENROLMENT_PERMISSIONS.includes(permission)) {
        return new DomainError('mfa_enrolment_required', 'Your organisation requires a second factor: set up an authenticator app or a passkey first.');
      }
      if (!need.role) return new DomainError('forbidden', need.customer ? 'Only the customer may do this, in the portal.' : 'Only the service operator may do this.');
      if (rank(actor.role) < rank(need.role)) {
        return new DomainError('forbidden', `This requires the ${need.role} role or higher; you are ${actor.role}.`, { requiredRole: need.role });
      }
      return null;
  }
}
