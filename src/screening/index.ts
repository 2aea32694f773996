export { DISPOSITIONS, type Disposition } from './screening-hit.entity';
export { listScreeningHits } from './list-screening-hits';
export { dispositionScreeningHit, DISPOSITION_BODY_SCHEMA } from './disposition-screening-hit';
export type { ScreeningHitView } from './screening-views';
