// The audit log in words: each action as a phrase ("changed the decision policy"), each actor as a person or a
// thing ("API client ab12…", "the platform"), the entry's target as a link (a case, a member, a webhook endpoint),
// and what changed as before → after, field by field (details' `previous: {…}` object and `previousX` / `x` pairs),
// the other facts as plain values.

export const ACTION_WORDS: Record<string, string> = {
  'webhook_endpoint.created': 'added a webhook endpoint',
  'webhook_endpoint.updated': 'changed a webhook endpoint',
  'webhook_endpoint.deleted': 'deleted a webhook endpoint',
  'webhook_delivery.redelivered': 'redelivered a webhook delivery',
  'webhook_deliveries.recovered': 'recovered webhook deliveries',
  'webhook_alert_threshold.set': 'set the webhook alert threshold',
  'api_client.created': 'created API credentials',
  'api_client.revoked': 'revoked API credentials',
  'api_client.secret_rotated': 'rotated an API client secret',
  'api_client.previous_secret_retired': 'retired an API client\'s previous secret',
  'connected_app.disconnected': 'disconnected a connected app',
  'full_parity.set': 'switched full-parity egress',
  'four_eyes.set': 'switched four-eyes approval',
  'zero_retention.set': 'switched zero retention',
  'retention_policy.set': 'changed the retention policy',
  'public_intake.set': 'changed the public intake link',
  'decision_policy.updated': 'changed the decision policy',
  'risk_model.updated': 'changed the risk model',
  'screening_settings.updated': 'changed the screening settings',
  'sla_policy.updated': 'changed the SLAs',
  'work_queues.updated': 'changed the work queues',
  'reminder_schedule.set': 'changed the reminder schedule',
  'monitoring_schedule.set': 'changed the monitoring schedule',
  'person_reuse_window.set': 'changed the person reuse window',
  'idv_selfie.set': 'switched selfies for identity checks',
  'idv_document_on_file.set': 'switched accepting an ID on file',
  'default_mlro.set': 'set the default MLRO',
  'member.invited': 'invited a member',
  'member.role_changed': 'changed a member\'s role',
  'member.removed': 'removed a member',
  'member.suspended': 'suspended a member for inactivity',
  'member.reactivated': 'reactivated a suspended member',
  'member.signed_in': 'signed in',
  'network.allow_list_set': 'changed the IP allow-list',
  'members.inactivity_limit_set': 'set the inactivity limit',
  'mfa.required_set': 'switched Require MFA',
  'member.provisioned': 'joined through single sign-on',
  'sso.connection_set': 'set the single sign-on connection',
  'sso.connection_removed': 'removed the single sign-on connection',
  'sso.sign_in_refused': 'was refused single sign-on',
  'member_availability.set': 'set a member\'s availability',
  'cleared_hit.revoked': 'revoked a cleared hit',
  'case.decided': 'decided a case',
  'case.decision_override': 'decided a case over an open blocker',
  'case.decision_override.requested': 'asked for a decision override',
  'case.decision_override.approved': 'approved a decision override',
  'case.decision_override.rejected': 'rejected a decision override',
  'case.duplicate_open_case_override': 'opened a case beside an open one',
  'case.reopened': 'reopened a case',
  'case.legal_hold.set': 'put a case on legal hold',
  'case.legal_hold.released': 'released a case\'s legal hold',
  'case.evidence_pack.exported': 'exported a case\'s evidence pack',
  'case.erasure.decided': 'decided an erasure request',
  'case.personal_data.purged': 'purged a case\'s personal data',
  'cases.exported': 'exported cases',
  'subject.erasure_requested': 'recorded an erasure request',
  'subject.access_exported': 'exported a subject access request',
  'audit_log.exported': 'exported the audit log',
};

/** An action in words; an unknown one from its own name ("some_thing.done" -> "some thing done"). */
export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action.replace(/[._]+/g, ' ');
}

/** The actor as recorded (auditName) in words: a member by name and email, an API client, a connected app, the platform. */
export function actorWords(actor: string, nameOf: (email: string) => string | null): string {
  if (actor.startsWith('api_client:')) return `API client ${actor.slice('api_client:'.length)}`;
  if (actor.startsWith('connector:')) return `Connected app ${actor.slice('connector:'.length)}`;
  if (actor === 'operator') return 'The platform operator';
  if (!actor.includes('@')) return 'The platform';
  const name = nameOf(actor);
  return name ? `${name} (${actor})` : actor;
}

/** What the entry is about, linked: a case, a member, a webhook endpoint, API credentials. */
export function targetOf(details: Record<string, unknown>): { label: string; href: string } | null {
  const str = (k: string) => (typeof details[k] === 'string' ? (details[k] as string) : null);
  const caseId = str('caseId');
  if (caseId) return { label: `case ${caseId}`, href: `/console/cases/${encodeURIComponent(caseId)}` };
  if (str('memberId') || (str('email') && str('role'))) return { label: str('email') ?? 'member', href: '/console/settings/members' };
  if (str('endpointId')) return { label: str('label') || str('url') || 'endpoint', href: '/console/settings/webhooks' };
  if (str('clientId')) return { label: str('name') || `client ${str('clientId')}`, href: '/console/settings/credentials' };
  return null;
}

/** "previousRole" -> "role", "sessionsEnded" -> "sessions ended". */
const fieldWords = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

function valueWords(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (Array.isArray(v)) return v.length ? v.map(valueWords).join(', ') : 'none';
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${fieldWords(k)}: ${valueWords(x)}`).join('; ');
  return String(v);
}

export interface Change {
  field: string;
  /** Undefined when the entry records no earlier value (a plain fact). */
  before?: string;
  after: string;
}

/** The details as changes: before → after where an earlier value is recorded, else the value; ids of the target are left out. */
export function changesOf(details: Record<string, unknown>): Change[] {
  const out: Change[] = [];
  const used = new Set<string>(['caseId', 'memberId', 'endpointId']);
  const previous = details.previous;
  if (typeof previous === 'object' && previous !== null && !Array.isArray(previous)) {
    used.add('previous');
    for (const [k, before] of Object.entries(previous)) {
      used.add(k);
      out.push({ field: fieldWords(k), before: valueWords(before), after: valueWords(details[k]) });
    }
  }
  else if (previous !== undefined) {
    // A switch: `{ enabled: true, previous: false }` (the one other field is what changed).
    const others = Object.keys(details).filter((k) => k !== 'previous' && !used.has(k));
    if (others.length === 1) {
      used.add('previous');
      used.add(others[0]!);
      out.push({ field: fieldWords(others[0]!), before: valueWords(previous), after: valueWords(details[others[0]!]) });
    }
  }
  for (const [k, before] of Object.entries(details)) {
    const m = /^previous([A-Z].*)$/.exec(k);
    if (!m) continue;
    const key = m[1]!.charAt(0).toLowerCase() + m[1]!.slice(1);
    if (!(key in details)) continue;
    used.add(k);
    used.add(key);
    out.push({ field: fieldWords(key), before: valueWords(before), after: valueWords(details[key]) });
  }
  for (const [k, v] of Object.entries(details)) if (!used.has(k)) out.push({ field: fieldWords(k), after: valueWords(v) });
  return out;
}
