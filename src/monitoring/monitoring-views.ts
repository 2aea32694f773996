import type { CheckRun } from './monitoring-checks';
import type { MonitoringSchedule } from './monitoring-schedule';
import type { MonitoringAlert, MonitoringRun } from './monitoring.repository';

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

export function runView(r: MonitoringRun): MonitoringRunView {
  return {
    runId: r.id, source: r.source, triggeredBy: r.triggeredBy, alertsGenerated: r.alertsGenerated,
    checksRun: r.checksRun as CheckRun[], startedAt: r.startedAt, completedAt: r.completedAt,
  };
}

export function alertView(a: MonitoringAlert): MonitoringAlertView {
  return {
    alertId: a.id, runId: a.runId, alertType: a.alertType, severity: a.severity, title: a.title, detail: a.detail, factKey: a.factKey,
    subjectRole: a.subjectRole, subjectRef: a.subjectRef, createdAt: a.createdAt,
  };
}
