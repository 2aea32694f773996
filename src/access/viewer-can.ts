import { can, type Permission } from './authorize';
import type { Actor } from './actor';

/**
 * The organisation-wide actions the console offers on its configuration pages, each named for what the
 * member does and backed by the permission its use case authorizes (PERMISSIONS). The console shows a
 * control (a page, a switch, a button) only when its flag is true; the use case checks again.
 */
export const VIEWER_ACTIONS = {
  /** Invite, remove and change the role of members (invite-member, remove-member, change-member-role). */
  manageMembers: 'members:manage',
  /** The configuration audit log. */
  readAuditLog: 'audit:read',
  /** Create, edit and delete webhook endpoints. */
  manageWebhooks: 'webhooks:manage',
  /** Create, rotate and revoke pull-API credentials. */
  manageCredentials: 'credentials:manage',
  /** Disconnect another member's connected app (one's own needs no more than connected_apps:disconnect). */
  disconnectAnyConnectedApp: 'connected_apps:disconnect_any',
  /** Four-eyes approval (setFourEyes). */
  setFourEyes: 'four_eyes:toggle',
  /** Full-parity egress (setFullParityEgress). */
  setFullParityEgress: 'full_parity:toggle',
  /** Zero retention (setZeroRetention). */
  setZeroRetention: 'zero_retention:toggle',
  /** The default MLRO (setDefaultMlro). */
  setDefaultMlro: 'default_mlro:set',
  /** The webhook failure alert threshold (setWebhookAlertThreshold). */
  setWebhookAlertThreshold: 'webhook_alerts:configure',
  /** The identity-verification switches (setIdvSelfieRequired, setIdvAcceptDocumentOnFile). */
  configureIdentityVerification: 'idv:configure',
  /** The monitoring schedule. */
  configureMonitoring: 'monitoring:configure',
  /** The reminder schedule of requested items. */
  configureReminders: 'outreach:configure',
  /** The reuse window of persons' ID documents. */
  configurePersonReuse: 'persons:configure',
  /** Edit the screening settings. */
  configureScreening: 'screening_settings:configure',
  /** Revoke a cleared hit. */
  revokeClearedHits: 'cleared_hits:revoke',
  /** Edit the risk model. */
  configureRiskModel: 'risk:configure',
  /** Edit the decision policy. */
  configureDecisionPolicy: 'policy:configure',
  /** Define the work queues (setQueues). */
  configureQueues: 'queues:configure',
  /** Set another member's availability for automatic assignment. */
  setAnyAvailability: 'queues:availability_any',
  /** Set the SLA policy (setSlaPolicy). */
  configureSla: 'sla:configure',
  /** Set the retention schedule (setRetentionPolicy). */
  configureRetention: 'retention:configure',
  /** Place and release a case's legal hold (setLegalHold, releaseLegalHold). */
  manageLegalHold: 'legal_hold:manage',
  /** Data-subject requests: subject access export, erasure requests and their list. */
  manageSubjectRequests: 'subject_requests:manage',
  /** The public intake link: switching it on or off and renaming it (setPublicIntake). */
  configurePublicIntake: 'intake:configure',
  /** The mail kept locally while SMTP_URL is unset (keptMail, keptMailMessage). */
  readKeptMail: 'mail:read_kept',
  /** The tenant's "Require MFA" switch (setMfaRequired). */
  configureMfa: 'mfa:configure',
  /** The IP allow-list and the inactivity limit (setIpAllowList, setInactivityLimit). */
  configureNetwork: 'network:configure',
  /** The single sign-on connection (setSsoConnection, testSsoConnection, removeSsoConnection). */
  configureSso: 'sso:configure',
} as const satisfies Record<string, Permission>;

export type ViewerCan = Record<keyof typeof VIEWER_ACTIONS, boolean>;

/** What the actor may do across the organisation's configuration: one flag per VIEWER_ACTIONS entry. */
export function viewerCan(actor: Actor): ViewerCan {
  return Object.fromEntries(Object.entries(VIEWER_ACTIONS).map(([action, permission]) => [action, can(actor, permission)])) as ViewerCan;
}
