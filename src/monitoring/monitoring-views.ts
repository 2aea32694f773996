import type { CheckRun } from './monitoring-checks';
import type { MonitoringSchedule } from './monitoring-schedule';
import type { AlertRow, RunRow } from './monitoring.repository';

/** A monitoring run as the console shows it. */
export interface MonitoringRunView {
  runId: number;
  /** `scheduled` or `ad_hoc`. */
  source: string;
  /** `scheduled` or the analyst's email. */
  triggeredBy: string;
  alertsGenerated: number;
  checksRun: CheckRun[];
  startedAt: Date;
  completedAt: Date;
}

/** A monitoring alert as the console shows it (subjectRef and subjectRole, never a name). */
export interface MonitoringAlertView {
  alertId: number;
  runId: number;
  alertType: string;
  severity: 'low' | 'medium' | 'high';
  title: string;
  detail: string;
  factKey: string;
  subjectRole: string | null;
  subjectRef: string | null;
  createdAt: Date;
}

/** A case's monitoring: whether it is monitored, when it runs next, its latest runs and alerts. */
export interface CaseMonitoringView {
  caseId: string;
  /** Approved and its personal data held: scheduled runs cover it and ad hoc runs are allowed. */
  monitored: boolean;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  runs: MonitoringRunView[];
  alerts: MonitoringAlertView[];
}

export interface MonitoringSettingsView {
  schedule: MonitoringSchedule;
}

export function runView(r: RunRow): MonitoringRunView {
  return {
    runId: Number(r.id), source: r.source, triggeredBy: r.triggered_by, alertsGenerated: Number(r.alerts_generated),
    checksRun: (typeof r.checks_run === 'string' ? JSON.parse(r.checks_run) : r.checks_run) as CheckRun[], startedAt: r.started_at, completedAt: r.completed_at,
  };
}

export function alertView(a: AlertRow): MonitoringAlertView {
  return {
    alertId: Number(a.id), runId: Number(a.run_id), alertType: a.alert_type, severity: a.severity, title: a.title, detail: a.detail, factKey: a.fact_key,
    subjectRole: a.subject_role, subjectRef: a.subject_ref, createdAt: a.created_at,
  };
}
