import { createHash } from 'node:crypto';
import type { ScreeningMatch, ScreeningProvider, ScreeningSubject } from '../screening/index';

/** The made-up list a test entry is on (datasets of the hit). */
export const TEST_WATCHLIST_DATASET = 'test_helpers';

/** A watchlist entry the test helpers add for one screened party: sanctioned, a PEP, both, or a plain match. */
export interface TestWatchlistEntry {
  subjectName: string;
  sanctioned: boolean;
  pep: boolean;
  /** The entity's id; default testEntityId(entry). */
  entityId?: string;
}

const nameKey = (name: string) => name.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The entry's entity id (the hit's hitId): the same party and flags always give the same id. */
export function testEntityId(entry: TestWatchlistEntry): string {
  const digest = createHash('sha256').update(JSON.stringify([nameKey(entry.subjectName), entry.sanctioned, entry.pep])).digest('hex').slice(0, 16);
  return `test-${digest}`;
}

/** Whether a screened party is the one the entry names (names compared case- and space-insensitively). */
export const namesSubject = (entry: Pick<TestWatchlistEntry, 'subjectName'>, subject: Pick<ScreeningSubject, 'name'>) => nameKey(subject.name) === nameKey(entry.subjectName);

/**
 * The tenant's screening provider with one more entry on its list: a party named like the entry matches it
 * (score 0.97, the entity listed under the party's own name, as the matcher reports an exact match), on top of
 * whatever the real list says about it. Everything else is the provider's.
 */
export function withTestEntry(provider: ScreeningProvider, entry: TestWatchlistEntry): ScreeningProvider {
  const topics = [...(entry.sanctioned ? ['sanction'] : []), ...(entry.pep ? ['role.pep'] : []), ...(!entry.sanctioned && !entry.pep ? ['poi'] : [])];
  return {
    name: provider.name,
    listVersion: () => provider.listVersion(),
    async screen(subject, options) {
      const matches = await provider.screen(subject, options);
      if (!namesSubject(entry, subject)) return matches;
      const match: ScreeningMatch = {
        entityId: entry.entityId ?? testEntityId(entry), caption: subject.name, schema: subject.schema, score: 0.97, topics,
        positions: entry.pep ? ['Member of a test parliament (test data)'] : [], nationality: subject.nationality ? [subject.nationality] : [],
        birthDates: subject.birthDate ? [subject.birthDate] : [], countries: subject.country ? [subject.country] : [], datasets: [TEST_WATCHLIST_DATASET],
        isPep: entry.pep, isSanctioned: entry.sanctioned, names: [subject.name], aliases: [], weakAliases: [], programs: entry.sanctioned ? ['TEST-PROGRAMME'] : [],
      };
      return [match, ...matches.filter((m) => m.entityId !== match.entityId)];
    },
    ...(provider.search ? { search: provider.search.bind(provider) } : {}),
  };
}
