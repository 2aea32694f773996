export { DISPOSITIONS, HIT_SOURCES, HIT_ENTITY_SCHEMAS, TRIAGE_STATUSES, type Disposition } from './screening-hit.entity';
export { listScreeningHits } from './list-screening-hits';
export { dispositionScreeningHit } from './disposition-screening-hit';
export {
  DispositionSchema, HitSourceSchema, ScreeningHitSchema, ScreeningHitListSchema, DispositionRequestSchema, type ScreeningHitView, type DispositionBody,
} from './screening.wire';
export type { HitTriager, TriageInput, TriageResult } from './hit-triager';
export type { ScreeningMatch, ScreeningSubject } from './screening-provider';
