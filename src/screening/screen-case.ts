import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { lockCase } from '../cases/index';
import { recountCaseScreening } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StepGuard } from '../step-guard';
import { timed } from '../metrics';
import type { Services } from '../services';
import type { EntitySnapshot } from './cleared-pairs';
import { markPairReraised } from './cleared-pairs.repository';
import type { ScreeningMatch, ScreeningSubject } from './screening-provider';
import { queryOptionsOf } from './screening-settings';
import { activeScreeningSettings } from './screening-settings.repository';
import { caseSubjects, screenSubjects } from './screen-subjects';
import { insertHitIfNew, reraiseHit } from './screening.repository';
import { insertScreeningRun } from './screening-runs.repository';

/** A case a pipeline step works on: its tenant and internal key. */
export interface CaseRef {
  orgId: string;
  casePk: number;
}

/** A subject's outcome in screening.completed's summary. */
export type SubjectStatus = 'clear' | 'match' | 'pep' | 'sanctioned';

export interface ScreenCaseResult {
  /** False when the guard said the step was already done: nothing was written. */
  done: boolean;
  screened: number;
  summary: { name: string; role: string | null; status: SubjectStatus }[];
  /** Hits this run persisted for the first time, or raised again (each one screening.hit.detected). */
  newHits: string[];
  /** Candidates left out because the tenant cleared them for that subject and nothing changed since. */
  cleared: number;
  /** The watchlist version screened against (null: the provider could not say; nothing was written). */
  watchlistVersion: string | null;
}

/** Worst first: a subject with a sanctioned match is `sanctioned` whatever else matched. */
export function subjectStatus(matches: readonly Pick<ScreeningMatch, 'isSanctioned' | 'isPep'>[]): SubjectStatus {
  if (matches.some((m) => m.isSanctioned)) return 'sanctioned';
  if (matches.some((m) => m.isPep)) return 'pep';
  return matches.length ? 'match' : 'clear';
}

/** The pipeline's actor may only name a case of its own tenant; anything else is not found. */
export function assertOwnCase(actor: Actor, ref: CaseRef): void {
  if (actor.orgId !== ref.orgId) throw DomainError.notFound('Case');
}

/**
 * Screens a case's parties (the company, its directors and UBOs from the submitted application) with the
 * ScreeningProvider, outside any transaction (a vendor call), then in one transaction: each match becomes
 * a screening_hits row (source `screening`) unless the case already has that hitId (the watchlist entity
 * id), and each genuinely new one records screening.hit.detected; one screening.completed per run
 * (screened, and per subject its worst status); the case's totalHits, sanctionedHits and pepHits are
 * recounted. A rerun finds its hits already there: no new hit.detected, the totals unchanged.
 *
 * The tenant's screening settings (threshold, topics, datasets, date tolerance, weak aliases) go to the
 * provider as query options. A candidate the tenant cleared for that subject (a false_positive
 * disposition: screenSubjects) is not raised while both fingerprints are unchanged; when either changed
 * it is raised again once (a new hit, or the case's cleared hit reopened) with `changes`.
 */
export async function screenCase(svc: Services, actor: Actor, ref: CaseRef, guard?: StepGuard): Promise<ScreenCaseResult> {
  authorize(actor, 'screening:run');
  assertOwnCase(actor, ref);
  const { orgId, casePk } = ref;
  const db = forTenant(svc.db, orgId);
  const subjects = await caseSubjects(db, casePk);
  if (!subjects) throw DomainError.notFound('Case');

  // The list's version, read before the matches: a new list is taken between runs, not within one.
  const watchlistVersion = await svc.screening.listVersion().catch(() => null);
  const settings = await activeScreeningSettings(db, svc.config.screeningMatchThreshold, svc.clock.now());
  const screened = await timed(svc, 'svc_screening_duration_seconds', { provider: svc.screening.name }, () => screenSubjects(db, svc.screening, casePk, subjects, queryOptionsOf(settings.settings)));
  const summary = screened.map(({ subject, matches }) => ({ name: subject.name, role: subject.role, status: subjectStatus(matches.map((m) => m.match)) }));
  const cleared = screened.reduce((n, s) => n + s.cleared, 0);

  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, orgId);
    if (guard && !(await guard.claim(tx))) return { done: false, screened: 0, summary: [], newHits: [], cleared: 0, watchlistVersion };
    // The case row lock serialises runs of one case (and the summary recount with dispositions).
    await lockCase(db, casePk);
    const now = svc.clock.now();
    const newHits: string[] = [];
    for (const { subject, matches } of screened) {
      for (const { match: m, entitySnapshot, reraise } of matches) {
        // hit_id is VARCHAR(191): a longer id could not be deduplicated (OpenSanctions ids are far shorter).
        if (m.entityId.length > 191) continue;
        // A changed cleared pair is raised once: the run that marks it raised raises it (a concurrent run, or a revoke, may have taken it).
        const changes = reraise && (await markPairReraised(db, reraise.pairId, casePk, now)) ? reraise.changes : null;
        const hit = hitOf(subject, m, entitySnapshot, changes, now);
        const raised = (await insertHitIfNew(db, casePk, hit)) || (changes !== null && (await reraiseHit(db, casePk, hit)));
        if (!raised) continue;
        newHits.push(m.entityId);
        await recordEvent(tx, {
          orgId,
          type: 'screening.hit.detected',
          case: { pk: casePk },
          fields: {
            hitId: m.entityId, subjectId: subject.subjectId, subjectName: subject.name, subjectRole: subject.role, caption: m.caption, schema: m.schema,
            score: m.score, topics: m.topics, position: m.positions, nationality: m.nationality, isPep: m.isPep, isSanctioned: m.isSanctioned,
            source: 'screening', ...(changes ? { changes } : {}),
          },
        });
      }
    }
    await recordEvent(tx, { orgId, type: 'screening.completed', case: { pk: casePk }, fields: { screened: subjects.length, summary, watchlistVersion } });
    await insertScreeningRun(db, casePk, { provider: svc.screening.name, watchlistVersion, screened: subjects.length, newHits: newHits.length, completedAt: now });
    await recountCaseScreening(db, casePk, now);
    await guard?.done(tx);
    return { done: true, screened: subjects.length, summary, newHits, cleared, watchlistVersion };
  });
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** The hit row of a match, within the columns' sizes. */
function hitOf(subject: ScreeningSubject, m: ScreeningMatch, entitySnapshot: EntitySnapshot, changes: string[] | null, now: Date) {
  return {
    hitId: m.entityId, subjectId: subject.subjectId, subjectName: cut(subject.name, 200), subjectRole: subject.role, subjectBirthDate: subject.birthDate,
    subjectNationality: subject.nationality, subjectCountry: subject.country, caption: cut(m.caption, 500), entitySchema: m.schema, score: m.score,
    topics: m.topics, positions: m.positions, nationality: m.nationality, birthDates: m.birthDates, countries: m.countries, datasets: m.datasets,
    isPep: m.isPep, isSanctioned: m.isSanctioned, detectedAt: now, entitySnapshot, changes, explanation: m.explanation ?? null,
  };
}
