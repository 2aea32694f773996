// The shared kernel every feature and adapter uses: configuration, the domain error, the logger, the ports,
// the Services type (what a use case is given) and readiness. Glossary: src/README.md.
export * from '../config';
export * from '../errors';
export * from '../logger';
export * from '../ports';
export type { Services, FeatureHook, HookHandler } from '../services';
export type { StepGuard } from '../step-guard';
export { METRIC_CATALOGUE, metricsOf, noMetrics, timed, type Metrics, type MetricLabels, type CounterName, type HistogramName } from '../metrics';
export { noTracing, parseTraceCarrier, tracingOf, type SpanOptions, type TraceCarrier, type Tracing } from '../tracing';
export { runInRequest, currentRequestId, type RequestContext } from '../request-context';
export { checkReadiness, type Readiness } from '../health';
export { isRegistrationNumber, REGISTRATION_NUMBER_MAX } from '../registration-number';
export { assertSchema, toDetails, errorMessage, MESSAGE_KEYWORD, type JsonSchema } from '../schema';
export { StringEnum, Nullable, PageOf, ValidationDetail as ValidationDetailSchema, type Static, type TSchema } from '../wire';
export {
  sweepChain, timedSweeps, moduleCron, moduleTasks, moduleHooks,
  type FeatureModule, type FeatureSweep, type FeatureCronEntry, type FeatureTask, type TaskHandler,
} from '../modules';
export { defineHook, onHook, onHookInTx, runHook, runHookInTx } from '../hooks';
export { COUNTRY_CODES, countryCodeOf } from '../countries';
