// src/monitoring-reviews/on-monitoring-alert.ts
import type { Tx } from '../db/transaction';
export interface MonitoringAlertFact {
  orgId: string; casePk: number; alertId: number; runId: number;
  alertType: string; severity: 'low' | 'medium' | 'high';
  factKey: string; fingerprint: string;
  subjectRole: string | null; subjectRef: string | null; personId: number | null;
  source: 'scheduled' | 'ad_hoc';
}
/** Called in the run's transaction right after monitoring.alert.created is recorded for a new alert. */
export async function onMonitoringAlert(_tx: Tx, _fact: MonitoringAlertFact): Promise<void> {}
