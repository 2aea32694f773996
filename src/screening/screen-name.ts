import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { DomainError, type ValidationDetail } from '../errors';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import type { WatchlistCandidate } from './screening-provider';
import { countryCodeOf } from './screening-subjects';
import { queryOptionsOf } from './screening-settings';
import { activeScreeningSettings } from './screening-settings.repository';
import { ScreenNameRequestSchema, type ScreeningCandidateView, type ScreenNameResult } from './screening.wire';

/** Candidates a search answers when the caller names no limit. */
const DEFAULT_LIMIT = 10;

/**
 * Ad-hoc screening of one name against the watchlist (an analyst's check in the console, an integrator's
 * `POST /v1/screening/match`): the best candidates with their score, whether each reaches the match threshold,
 * and why it matched. Records nothing on any case. A provider that cannot explain its scores (yente) answers its
 * matches above the threshold without an explanation. The tenant's screening settings apply as to its cases; datasets named
 * in the query replace the settings' datasets.
 */
export async function screenName(svc: Services, actor: Actor, body: unknown): Promise<ScreenNameResult> {
  authorize(actor, 'screening:search');
  const input = assertSchema(ScreenNameRequestSchema, body);
  const schema = input.schema ?? 'Person';
  const nationality = input.nationality ? countryCodeOf(input.nationality) : null;
  const country = input.country ? countryCodeOf(input.country) : null;
  // What a schema cannot say: a date the calendar has, and countries we know (a silently dropped country would
  // answer a different question than the one asked).
  const details: ValidationDetail[] = [];
  if (input.birthDate && !isCalendarDate(input.birthDate)) details.push({ path: 'birthDate', message: 'is not a date of the calendar' });
  if (input.nationality && !nationality) details.push({ path: 'nationality', message: 'is not a country: give an ISO 3166-1 code such as GB, or its English name' });
  if (input.country && !country) details.push({ path: 'country', message: 'is not a country: give an ISO 3166-1 code such as GB, or its English name' });
  if (details.length) throw DomainError.validation(details);
  const limit = input.limit ?? DEFAULT_LIMIT;
  // The tenant's screening settings: its threshold, topics, datasets, date tolerance and weak aliases, as its cases get.
  const settings = queryOptionsOf((await activeScreeningSettings(forTenant(svc.db, actor), svc.config.screeningMatchThreshold, svc.clock.now())).settings);
  const threshold = settings.threshold ?? svc.config.screeningMatchThreshold;
  const options = { ...settings, ...(input.datasets?.length ? { datasets: input.datasets } : {}) };
  const provider = svc.screening;
  const [candidates, listVersion] = await Promise.all([
    provider.search
      ? provider.search({ name: input.name.trim(), schema, birthDate: input.birthDate ?? null, nationality, country, datasets: [...(options.datasets ?? [])] }, limit, options)
      : provider.screen({
        subjectId: 'search', name: input.name.trim(), role: schema === 'Company' ? 'company' : 'director', schema,
        birthDate: input.birthDate ?? null, nationality, country,
      }, options).then((matches) => matches
        .slice(0, limit)
        .map((m): WatchlistCandidate | (Omit<WatchlistCandidate, 'explanation'> & { explanation?: undefined }) => ({ ...m, isMatch: true }))),
    provider.listVersion(),
  ]);
  return { data: candidates.map((c) => candidateView(c, threshold)), threshold, listVersion };
}

function candidateView(c: Omit<WatchlistCandidate, 'explanation'> & { explanation?: WatchlistCandidate['explanation'] }, threshold: number): ScreeningCandidateView {
  return {
    entityId: c.entityId, caption: c.caption, schema: c.schema, score: round(c.score), match: c.score >= threshold,
    topics: c.topics, datasets: c.datasets, birthDates: c.birthDates, nationality: c.nationality, countries: c.countries,
    isPep: c.isPep, isSanctioned: c.isSanctioned, explanation: c.explanation ?? null,
  };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** YYYY, YYYY-MM or YYYY-MM-DD naming a month and day the calendar has (1985-02-30 does not). */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number);
  if (m === undefined) return true;
  if (m < 1 || m > 12) return false;
  if (d === undefined) return true;
  const date = new Date(Date.UTC(y!, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
