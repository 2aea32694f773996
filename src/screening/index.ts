export { DISPOSITIONS, HIT_SOURCES, HIT_ENTITY_SCHEMAS, TRIAGE_STATUSES, type Disposition } from './screening-hit.entity';
export { listScreeningHits } from './list-screening-hits';
export { dispositionScreeningHit } from './disposition-screening-hit';
export { screenCase, subjectStatus, type CaseRef, type ScreenCaseResult, type SubjectStatus } from './screen-case';
export { triageCaseHits, type TriageCaseHitsResult } from './triage-case-hits';
export type {
  ScreeningProvider, ScreeningSubject, ScreeningMatch, MatchExplanation, FeatureEffectView, TokenMatchHow, WatchlistQuery, WatchlistCandidate,
  ScreeningQueryOptions, BirthDateTolerance,
} from './screening-provider';
export { matchCounts, BIRTH_DATE_TOLERANCES } from './screening-provider';

export type { HitTriager, TriageInput, TriageResult } from './hit-triager';
export { matchOfFtmEntity, flagsOfTopics, screeningSchemaOf, type FtmEntity } from './ftm';
export {
  LocalScreeningProvider, loadWatchlist, MAX_MATCHES_PER_SUBJECT, type WatchlistStats, type WatchlistChange, type WatchlistReload, type WatchlistReloadLog,
} from './watchlist/local-screening-provider';
export { WatchlistIndex } from './watchlist/watchlist-index';
export { readWatchlistDelta, type WatchlistDelta } from './watchlist/watchlist-files';
export { requestWatchlistReload, type WatchlistReloadRequested } from './request-watchlist-reload';
export { watchlistReloadLog, listReloadsAfter, findReload, type WatchlistReloadRequest } from './watchlist-reloads.repository';
export { screeningRunsOf, latestScreeningVersion } from './screening-runs-of';
export { refreshWatchlist, watchlistChangeOf } from './watchlist-refresh';
export type { ScreeningRun } from './screening-runs.repository';
export { LocalHitTriager } from './local-triager';
export { countryCodeOf, subjectsOfApplication } from './screening-subjects';
export {
  DispositionSchema, HitSourceSchema, ScreeningHitSchema, ScreeningHitListSchema, DispositionRequestSchema, type ScreeningHitView, type DispositionBody,
  ScreenNameRequestSchema, ScreenNameResultSchema, ScreeningCandidateSchema, MatchExplanationSchema, type ScreenNameResult, type ScreeningCandidateView,
} from './screening.wire';
export { listHitsOfCases, listOpenHits, purgeScreeningHitSubjects, eraseHitSubjectsOf, type ScreeningHit } from './screening.repository';
export { nameSimilarity } from './watchlist/name-similarity';
export { nameTokens } from './watchlist/name-tokens';
export { screeningHitView } from './screening-views';
export { screenName } from './screen-name';
export { getScreeningSettings } from './get-screening-settings';
export { updateScreeningSettings } from './update-screening-settings';
export { dryRunScreeningSettings, MAX_DRY_RUN_CASES, type ScreeningSettingsDryRun, type DryRunCase, type DryRunHit } from './dry-run-screening-settings';
export { listClearedHits } from './list-cleared-hits';
export { revokeClearedHit } from './revoke-cleared-hit';
export { SCREENING_TOPICS, validateScreeningSettings, defaultScreeningSettings, type ScreeningSettingsDefinition } from './screening-settings';
export type { ScreeningSettingsView, ClearedHitView } from './screening-views';
export { screenWithTenantSettings, caseSubjects, type ScreenedSubject, type RaisedMatch } from './screen-subjects';
