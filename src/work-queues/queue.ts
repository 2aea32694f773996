import type { CaseQueueFacts } from '../cases/index';
import type { PolicyConditions } from '../policy/index';

/**
 * Glossary of work queues. A queue is an ordered place of the tenant's open cases with members who work
 * it; a case sits in the first queue (by position) whose conditions its facts meet, or in none. A hand-out
 * is the queue giving a case an owner: to the analyst who pressed Next case (nextCase), or by automatic
 * assignment (round_robin, least_loaded) to an available member under their capacity.
 */
export const ASSIGNMENT_MODES = ['manual', 'round_robin', 'least_loaded'] as const;
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number];

/** The facts a queue's conditions see (flat names, as the decision policy's; unknown values are null). */
export interface QueueFacts {
  status: string;
  /** The journey stage (onboarding_stage). */
  stage: string;
  /** The decision policy's review level (REVIEW_LEVEL_1, REVIEW_LEVEL_2) once routed to people, else null. */
  reviewLevel: string | null;
  /** The risk band (low, medium, high, prohibited) once assessed, else null. */
  band: string | null;
  country: string | null;
  /** How the case was opened: api, manual, doc_upload, application_form. */
  source: string;
  crmSource: string | null;
  /** Whole hours since the case was opened. */
  ageHours: number;
}

export const QUEUE_FACTS: readonly (keyof QueueFacts)[] = ['status', 'stage', 'reviewLevel', 'band', 'country', 'source', 'crmSource', 'ageHours'];

export function queueFacts(c: CaseQueueFacts, now: Date): QueueFacts {
  return {
    status: c.status, stage: c.onboardingStage, reviewLevel: c.reviewLevel, band: c.riskBand, country: c.country, source: c.source,
    crmSource: c.crmSource, ageHours: Math.max(0, Math.floor((now.getTime() - c.createdAt.getTime()) / 3_600_000)),
  };
}

/** A case only a senior (mlro and above) may take: one waiting for senior review. */
export const needsSenior = (c: CaseQueueFacts): boolean => c.status === 'pending_senior';

/** A queue as stored, with its members in round-robin order. */
export interface WorkQueue {
  id: number;
  position: number;
  name: string;
  /** Null: every open case (a catch-all queue). */
  conditions: PolicyConditions | null;
  mode: AssignmentMode;
  capacity: number | null;
  lastAssignedMemberId: string | null;
  memberIds: string[];
}

export interface QueueMemberView {
  memberId: string;
  name: string;
  email: string;
  role: string;
  /** Available for automatic assignment now. */
  available: boolean;
  /** Open cases the member owns. */
  openCases: number;
}

export interface QueueView {
  id: string;
  name: string;
  position: number;
  conditions: PolicyConditions | null;
  mode: AssignmentMode;
  capacity: number | null;
  members: QueueMemberView[];
  /** Open cases in the queue, assigned or not. */
  openCount: number;
  /** Open cases in the queue with no owner. */
  unassignedCount: number;
  /** Seconds since the oldest open case of the queue was opened (null when empty). */
  oldestAgeSeconds: number | null;
  /** Always 0 until SLAs exist (issue 26, "SLAs"). */
  slaBreaches: number;
}

export interface AvailabilityView {
  memberId: string;
  /** Effective now. */
  available: boolean;
  /** When the setting ends (then the opposite holds), or null. */
  until: string | null;
}

/** Whether a stored availability setting holds at `now` (no row: available). */
export function effectiveAvailability(row: { available: boolean; until: Date | null } | undefined, now: Date): boolean {
  if (!row) return true;
  if (row.until === null || now < row.until) return row.available;
  return !row.available;
}
