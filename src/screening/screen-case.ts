import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findApplicationProfile, listApplicationParties } from '../cases/index';
import { findCaseRowByPk, lockCase } from '../cases/index';
import { recountCaseScreening } from '../cases/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { recordEvent } from '../events/record-event';
import type { StepGuard } from '../step-guard';
import type { Services } from '../services';
import type { ScreeningMatch, ScreeningSubject } from './screening-provider';
import { subjectsOfApplication } from './screening-subjects';
import { insertHitIfNew } from './screening.repository';
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
  /** Hits this run persisted for the first time (each one screening.hit.detected). */
  newHits: string[];
  /** The watchlist version screened against (null: the provider could not say; nothing was written). */
  watchlistVersion: string | null;
}

/** Worst first: a subject with a sanctioned match is `sanctioned` whatever else matched. */
export function subjectStatus(matches: readonly ScreeningMatch[]): SubjectStatus {
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
 */
export async function screenCase(svc: Services, actor: Actor, ref: CaseRef, guard?: StepGuard): Promise<ScreenCaseResult> {
  authorize(actor, 'screening:run');
  assertOwnCase(actor, ref);
  const { orgId, casePk } = ref;
  const db = forTenant(svc.db, orgId);
  const c = await findCaseRowByPk(db, casePk);
  if (!c) throw DomainError.notFound('Case');
  const [profile, parties] = await Promise.all([findApplicationProfile(db, casePk), listApplicationParties(db, casePk)]);
  // The case's rows are src/cases' own (snake_case until it maps them); named here as screening reads them.
  const subjects = subjectsOfApplication(
    { companyName: c.company_name, country: c.country },
    profile && { companyName: profile.company_name, country: profile.country },
    parties.map((p) => ({
      kind: p.kind, position: p.position, name: p.name, nationality: p.nationality, dateOfBirth: p.date_of_birth, countryOfResidence: p.country_of_residence,
    })),
  );

  // The list's version, read before the matches: a new list is taken between runs, not within one.
  const watchlistVersion = await svc.screening.listVersion().catch(() => null);
  // One provider call per distinct subject (a director who is also a UBO is asked about once).
  const asked = new Map<string, Promise<ScreeningMatch[]>>();
  const screened = await Promise.all(subjects.map(async (s) => {
    const key = JSON.stringify([s.schema, s.name, s.birthDate, s.nationality, s.country]);
    if (!asked.has(key)) asked.set(key, svc.screening.screen(s));
    return { subject: s, matches: await asked.get(key)! };
  }));
  const summary = screened.map(({ subject, matches }) => ({ name: subject.name, role: subject.role, status: subjectStatus(matches) }));

  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, orgId);
    if (guard && !(await guard.claim(tx))) return { done: false, screened: 0, summary: [], newHits: [], watchlistVersion };
    // The case row lock serialises runs of one case (and the summary recount with dispositions).
    await lockCase(db, casePk);
    const now = svc.clock.now();
    const newHits: string[] = [];
    for (const { subject, matches } of screened) {
      for (const m of matches) {
        // hit_id is VARCHAR(191): a longer id could not be deduplicated (OpenSanctions ids are far shorter).
        if (m.entityId.length > 191) continue;
        if (!(await insertHitIfNew(db, casePk, hitOf(subject, m, now)))) continue;
        newHits.push(m.entityId);
        await recordEvent(tx, {
          orgId,
          type: 'screening.hit.detected',
          case: { pk: casePk },
          fields: {
            hitId: m.entityId, subjectId: subject.subjectId, subjectName: subject.name, subjectRole: subject.role, caption: m.caption, schema: m.schema,
            score: m.score, topics: m.topics, position: m.positions, nationality: m.nationality, isPep: m.isPep, isSanctioned: m.isSanctioned,
            source: 'screening',
          },
        });
      }
    }
    await recordEvent(tx, { orgId, type: 'screening.completed', case: { pk: casePk }, fields: { screened: subjects.length, summary, watchlistVersion } });
    await insertScreeningRun(db, casePk, { provider: svc.screening.name, watchlistVersion, screened: subjects.length, newHits: newHits.length, completedAt: now });
    await recountCaseScreening(db, casePk, now);
    await guard?.done(tx);
    return { done: true, screened: subjects.length, summary, newHits, watchlistVersion };
  });
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** The hit row of a match, within the columns' sizes. */
function hitOf(subject: ScreeningSubject, m: ScreeningMatch, now: Date) {
  return {
    hitId: m.entityId, subjectId: subject.subjectId, subjectName: cut(subject.name, 200), subjectRole: subject.role, subjectBirthDate: subject.birthDate,
    subjectNationality: subject.nationality, subjectCountry: subject.country, caption: cut(m.caption, 500), entitySchema: m.schema, score: m.score,
    topics: m.topics, positions: m.positions, nationality: m.nationality, birthDates: m.birthDates, countries: m.countries, datasets: m.datasets,
    isPep: m.isPep, isSanctioned: m.isSanctioned, detectedAt: now,
  };
}
