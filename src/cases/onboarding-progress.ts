import type { Tx } from '../db/transaction';
import type { EventFields } from '../events/catalogue';
import { recordEvent } from '../events/record-event';
import type { PartyKind, RosterStatus } from './case-party.entity';
import { ONBOARDING_STAGES, type OnboardingStage } from './case.entity';
import { findCaseRowByPk, listRosterParties, updateOnboardingStage } from './cases.repository';

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
 * The fields of case.onboarding_progress.changed for a case as it stands in the transaction. The roster
 * lists the parties (directors, UBOs) whose verification has started, by name, role and status only:
 * never email, person key, EDD, risk or screening data (contract). `summary` counts that roster.
 */
export async function onboardingProgressFields(tx: Tx, orgId: string, casePk: number): Promise<ProgressFields> {
  const c = await findCaseRowByPk(tx.manager, orgId, casePk);
  if (!c) throw new Error(`onboardingProgressFields: case ${casePk} is not in tenant ${orgId}`);
  const parties = await listRosterParties(tx.manager, orgId, casePk);
  const roster = parties.map((p) => ({
    name: p.name, role: ROLE_LABELS[p.kind], status: p.verification_status, statusLabel: ROSTER_STATUS_LABELS[p.verification_status],
  }));
  return {
    companyName: c.company_name,
    stage: c.onboarding_stage,
    stageLabel: STAGE_LABELS[c.onboarding_stage],
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
  const moved = await updateOnboardingStage(tx.manager, input.orgId, input.casePk, input.stage, earlier, tx.services.clock.now());
  if (!moved) return false;
  await recordEvent(tx, {
    orgId: input.orgId,
    type: 'case.onboarding_progress.changed',
    case: { pk: input.casePk },
    fields: await onboardingProgressFields(tx, input.orgId, input.casePk),
  });
  return true;
}
