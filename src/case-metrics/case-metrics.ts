import type { CaseStatus, OnboardingStage } from '../cases/index';

// The dashboard's figures (docs/console.md "Dashboard"). Durations are whole seconds; a percentile is the
// nearest rank (the value at rank ceil(p/100 × n) of the n values sorted), so it is always a value that occurred.

/** The longest range a dashboard may ask for. */
export const MAX_RANGE_DAYS = 366;

/** Who makes an automatic decision (changedBy of its case.status.changed; decisions' POLICY_ENGINE). */
export const AUTOMATIC_DECIDER = 'policy_engine';

export interface StatusCount { status: CaseStatus; count: number }
export interface StageCount { stage: OnboardingStage; count: number }

/** Spells in one status that ended within the range: how many, and the median and 90th percentile of their length. */
export interface TimeInStatus { status: CaseStatus; spells: number; p50Seconds: number; p90Seconds: number }

export interface DecisionOutcomeCount { outcome: 'approved' | 'declined'; count: number; automatic: number }

export interface DecisionFigures {
  total: number;
  automatic: number;
  /** automatic / total, 0..1; null when no decision was made. */
  automaticShare: number | null;
  /** Decisions reached without the case ever having been returned by a senior or reopened before. */
  firstTimeRight: number;
  firstTimeRightShare: number | null;
  byOutcome: DecisionOutcomeCount[];
}

/** One analyst's decisions (each closes a case) in the range, and the median time from the case's last entry into review to the decision. */
export interface AnalystFigures { analyst: string; casesClosed: number; medianHandlingSeconds: number }

/** SLA figures (src/sla): the open cases whose SLA is breached now (a snapshot, like the open counts). */
export interface SlaFigures { breachedNow: number }

/** A figure of the dashboard that counts live cases only, whichever mode the caller works in. */
export type LiveOnlyFigure = 'timeInStatus' | 'decisions' | 'analysts' | 'sla';

/**
 * The figures that stay live in the test view, and why: status spells (time in status, decisions, analysts) are
 * recorded for live cases only (the spell recorder skips test events, and their indexes hold live rows only), and
 * the SLA breaches count live cases' SLAs (src/sla keeps test cases' apart). The open counts are the caller's mode's.
 */
export const LIVE_ONLY_FIGURES: readonly LiveOnlyFigure[] = ['timeInStatus', 'decisions', 'analysts', 'sla'];

/**
 * The figures of a tenant's dashboard over [from, to), optionally narrowed to one work queue. Open cases
 * and SLA breaches are a snapshot (now); the rest count what ended within the range.
 */
export interface CaseMetricsView {
  from: Date;
  to: Date;
  queueId: string | null;
  /** The caller's mode: the open counts are of its cases. */
  mode: 'live' | 'test';
  /** In the test view, the figures that still count live cases (LIVE_ONLY_FIGURES); empty in the live view. */
  liveOnly: LiveOnlyFigure[];
  openTotal: number;
  openByStatus: StatusCount[];
  openByStage: StageCount[];
  timeInStatus: TimeInStatus[];
  decisions: DecisionFigures;
  analysts: AnalystFigures[];
  sla: SlaFigures;
}
