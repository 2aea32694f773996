// Case metrics (issue 26, "Dashboard"): the read side behind the console's dashboard. Owns case_status_spells,
// a rollup of case.status.changed kept by its outbox subscriber; reads cases and work queues through their exports.
export { caseMetrics } from './get-case-metrics';
export { MAX_RANGE_DAYS, type CaseMetricsView, type TimeInStatus, type DecisionFigures, type AnalystFigures, type SlaFigures } from './case-metrics';
export { caseMetricsModule } from './module';
