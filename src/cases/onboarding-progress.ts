import { type TenantDb, forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import type { EventFields } from '../events/catalogue';
import { recordEvent } from '../events/record-event';
import type { PartyKind, RosterStatus } from './case-party.entity';
import { ONBOARDING_STAGES, type OnboardingStage } from './case.entity';
import { findCaseRowByPk, listRosterParties, updateOnboardingStage } from './cases.repository';

export { ROSTER_STATUS_LABELS };

/** Human words for each journey stage (the event's `stageLabel`). */
export const STAGE_LABELS: Readonly<Record<OnboardingStage, string>> = {
  created: 'Case created',
  invite_sent: 'Invite sent',
  collecting_documents: 'Collecting documents',
  application_submitted: 'Application submitted',
  in_screening: 'In screening',
  awaiting_id_verification: 'Awaiting ID verification',
  decision_made: 'Decision made',
};

const ROSTER_STATUS_LABELS: Readonly<Record<RosterStatus, string>> = {
  link_sent: 'Link sent', in_progress: 'In progress', action_needed: 'Action needed', verified: 'Verified',
};
const ROLE_LABELS: Readonly<Record<PartyKind, string>> = { director: 'Director', ubo: 'UBO' };

type ProgressFields = EventFields<'case.onboarding_progress.changed'>;

/**
 * The roster of a case: one entry per human whose verification has started (a director who is also a UBO
 * once, role `Director, UBO`), directors first, by position. Its index is idv.completed's `position`.
 */
export async function caseRoster(
  db: TenantDb, casePk: number,
): Promise<{ personKey: string; name: string; role: string; status: RosterStatus; statusLabel: string }[]> {
  const parties = await listRosterParties(db, casePk);
  const people = new Map<string, { personKey: string; name: string; kinds: PartyKind[]; status: RosterStatus; statusLabel: string }>();
  for (const p of parties) {
    const person = people.get(p.person_key) ?? {
      personKey: p.person_key, name: p.name, kinds: [], status: p.verification_status, statusLabel: rosterLabel(p.verification_status, p.idv_state, p.idv_outcome),
    };
    if (!person.kinds.includes(p.kind)) person.kinds.push(p.kind);
    people.set(p.person_key, person);
  }
  return [...people.values()].map((p) => ({
    personKey: p.personKey, name: p.name, role: p.kinds.map((k) => ROLE_LABELS[k]).join(', '), status: p.status, statusLabel: p.statusLabel,
  }));
}

/** A roster status in words, saying why when the identity verification tells (an email is needed, the check failed …). */
function rosterLabel(status: RosterStatus, idvState: string | null, idvOutcome: string | null): string {
  if (status === 'action_needed') {
    if (idvState === 'no_email') return 'Email address needed to send the link';
    if (idvOutcome === 'fail') return 'Verification failed';
    if (idvOutcome === 'manual_review') return 'Needs manual review';
  }
  if (status === 'verified' && idvState === 'satisfied') return 'Verified by a document on file';
  return ROSTER_STATUS_LABELS[status];
}

/**
 * The fields of case.onboarding_progress.changed for a case as it stands in the transaction. The roster
 * lists the people (directors, UBOs) whose verification has started, by name, role and status only:
 * never email, person key, EDD, risk or screening data (contract). `summary` counts that roster.
 */
export async function onboardingProgressFields(tx: Tx, orgId: string, casePk: number): Promise<ProgressFields> {
  const c = await findCaseRowByPk(forTenant(tx.manager, orgId), casePk);
  if (!c) throw new Error(`onboardingProgressFields: case ${casePk} is not in tenant ${orgId}`);
  const roster = (await caseRoster(forTenant(tx.manager, orgId), casePk)).map((p) => ({
    name: p.name, role: p.role, status: p.status, statusLabel: p.statusLabel,
  }));
  return {
    companyName: c.companyName,
    stage: c.onboardingStage,
    stageLabel: STAGE_LABELS[c.onboardingStage],
    summary: { verified: roster.filter((r) => r.status === 'verified').length, total: roster.length },
    roster,
  };
}

/**
 * Moves a case forward to `stage` in the caller's transaction, when it is still at an earlier stage,
 * and records case.onboarding_progress.changed with it. A case already at that stage or further along
 * is left alone and nothing is recorded (the event fires only on a real change). The conditional
 * update locks the case row, so of two racing callers only one moves it. Returns whether it moved.
 */
export async function advanceOnboardingStage(tx: Tx, input: { orgId: string; casePk: number; stage: OnboardingStage }): Promise<boolean> {
  const earlier = ONBOARDING_STAGES.slice(0, ONBOARDING_STAGES.indexOf(input.stage));
  if (earlier.length === 0) return false;
  const moved = await updateOnboardingStage(forTenant(tx.manager, input.orgId), input.casePk, input.stage, earlier, tx.services.clock.now());
  if (!moved) return false;
  await recordEvent(tx, {
    orgId: input.orgId,
    type: 'case.onboarding_progress.changed',
    case: { pk: input.casePk },
    fields: await onboardingProgressFields(tx, input.orgId, input.casePk),
  });
  return true;
}

/**
 * Records case.onboarding_progress.changed for a roster status that really changed (the caller knows),
 * in the caller's transaction. When the same change also moves the stage, advanceOnboardingStage's event
 * already carries the new roster: call that first and this only when it did not move.
 */
export async function recordRosterChange(tx: Tx, input: { orgId: string; casePk: number }): Promise<void> {
  await recordEvent(tx, {
    orgId: input.orgId,
    type: 'case.onboarding_progress.changed',
    case: { pk: input.casePk },
    fields: await onboardingProgressFields(tx, input.orgId, input.casePk),
  });
}
