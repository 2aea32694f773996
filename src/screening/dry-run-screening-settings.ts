import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { listOpenCases } from './cleared-pairs.repository';
import { caseSubjects, screenSubjects, type ScreenedSubject } from './screen-subjects';
import { queryOptionsOf, validateScreeningSettings } from './screening-settings';
import { activeScreeningSettings } from './screening-settings.repository';

/** Open cases a dry run compares, at most (the newest). */
export const MAX_DRY_RUN_CASES = 200;

/** One hit of a dry run: the watchlist entity and the subject it matched. */
export interface DryRunHit {
  hitId: string;
  caption: string;
  subjectName: string;
  score: number;
}

export interface DryRunCase {
  caseId: string;
  companyName: string | null;
  /** Raised under the active settings, not under the draft. */
  disappear: DryRunHit[];
  /** Raised under the draft, not under the active settings. */
  appear: DryRunHit[];
  /** Raised under both. */
  stay: DryRunHit[];
}

export interface ScreeningSettingsDryRun {
  /** Open cases compared (the newest MAX_DRY_RUN_CASES). */
  casesCompared: number;
  /** Whether the tenant has more open cases than were compared. */
  truncated: boolean;
  disappear: number;
  appear: number;
  stay: number;
  /** The compared cases whose hits would change (something disappears or appears). */
  cases: DryRunCase[];
}

/**
 * How a draft of the screening settings would change the hits of the tenant's open cases, without saving
 * anything: each case's parties are screened now under the active settings and under the draft (cleared
 * hits left out as screening does), and the hits compared by watchlist entity. The draft is checked as
 * updateScreeningSettings checks it (validation_failed with paths). Any member may dry-run.
 */
export async function dryRunScreeningSettings(svc: Services, actor: Actor, draft: unknown): Promise<ScreeningSettingsDryRun> {
  authorize(actor, 'screening_settings:read');
  const proposed = validateScreeningSettings(draft);
  const db = forTenant(svc.db, actor);
  const active = await activeScreeningSettings(db, svc.config.screeningMatchThreshold, svc.clock.now());
  const open = await listOpenCases(db, MAX_DRY_RUN_CASES + 1);
  const compared = open.slice(0, MAX_DRY_RUN_CASES);
  const out: ScreeningSettingsDryRun = { casesCompared: compared.length, truncated: open.length > MAX_DRY_RUN_CASES, disappear: 0, appear: 0, stay: 0, cases: [] };
  for (const c of compared) {
    const subjects = await caseSubjects(db, c.casePk);
    if (!subjects?.length) continue;
    const [now, then] = await Promise.all([
      screenSubjects(db, svc.screening, c.casePk, subjects, queryOptionsOf(active.settings)),
      screenSubjects(db, svc.screening, c.casePk, subjects, queryOptionsOf(proposed)),
    ]);
    const before = hitsOf(now);
    const after = hitsOf(then);
    const row: DryRunCase = {
      // The company as screening names it (the application's name before the case's), as on the case page.
      caseId: c.caseId, companyName: subjects.find((s) => s.role === 'company')?.name ?? c.companyName,
      disappear: [...before.values()].filter((h) => !after.has(h.hitId)),
      appear: [...after.values()].filter((h) => !before.has(h.hitId)),
      stay: [...after.values()].filter((h) => before.has(h.hitId)),
    };
    out.disappear += row.disappear.length;
    out.appear += row.appear.length;
    out.stay += row.stay.length;
    if (row.disappear.length || row.appear.length) out.cases.push(row);
  }
  return out;
}

/** A case's hits by watchlist entity (a case holds one hit per entity: the first subject it matched). */
function hitsOf(screened: ScreenedSubject[]): Map<string, DryRunHit> {
  const hits = new Map<string, DryRunHit>();
  for (const { subject, matches } of screened) {
    for (const { match } of matches) {
      if (!hits.has(match.entityId)) hits.set(match.entityId, { hitId: match.entityId, caption: match.caption, subjectName: subject.name, score: match.score });
    }
  }
  return hits;
}
