import { findApplicationProfile, findCaseRowByPk, listApplicationParties } from '../cases/index';
import { type TenantDb } from '../db/index';
import { changesBetween, entitySnapshotOf, fingerprintOf, subjectDigestOf, subjectKeyOf, subjectSnapshotOf, type EntitySnapshot } from './cleared-pairs';
import { findActiveClearedPairs, personIdsOfCaseSubjects, type ClearedPair } from './cleared-pairs.repository';
import type { ScreeningMatch, ScreeningProvider, ScreeningQueryOptions, ScreeningSubject } from './screening-provider';
import { queryOptionsOf } from './screening-settings';
import { activeScreeningSettings } from './screening-settings.repository';
import { subjectsOfApplication } from './screening-subjects';

/** The parties a case screens (its submitted application's company, directors and UBOs); null when the tenant has no such case. */
export async function caseSubjects(db: TenantDb, casePk: number): Promise<ScreeningSubject[] | null> {
  const c = await findCaseRowByPk(db, casePk);
  if (!c) return null;
  const [profile, parties] = await Promise.all([findApplicationProfile(db, casePk), listApplicationParties(db, casePk)]);
  return subjectsOfApplication(
    { companyName: c.companyName, country: c.country },
    profile && { companyName: profile.companyName, country: profile.country },
    parties.map((p) => ({
      kind: p.kind, position: p.position, name: p.name, nationality: p.nationality, dateOfBirth: p.dateOfBirth, countryOfResidence: p.countryOfResidence,
    })),
  );
}

/** A match as a case's screening raises it: with the entity's snapshot, and `reraise` when it raises a cleared pair again. */
export interface RaisedMatch {
  match: ScreeningMatch;
  entitySnapshot: EntitySnapshot;
  /** The cleared pair it raises again (a fingerprint changed) and what changed; absent for an ordinary match. */
  reraise?: { pairId: number; changes: string[] };
}

/** A subject's outcome: the matches raised, and how many were left out as cleared (both fingerprints unchanged). */
export interface ScreenedSubject {
  subject: ScreeningSubject;
  matches: RaisedMatch[];
  cleared: number;
}

/**
 * Screens a case's subjects with the provider under the tenant's settings (one call per distinct subject:
 * a director who is also a UBO is asked about once), then sets aside the candidates the tenant cleared:
 * a candidate whose subject (the person registry's person when the party is linked to one, else the
 * digest of its screened data) and entity form an active cleared pair is left out while both
 * fingerprints are unchanged, and raised again with what changed otherwise. Reads only.
 */
export async function screenSubjects(
  db: TenantDb, provider: ScreeningProvider, casePk: number, subjects: ScreeningSubject[], options: ScreeningQueryOptions,
): Promise<ScreenedSubject[]> {
  const asked = new Map<string, Promise<ScreeningMatch[]>>();
  const [screened, personIds] = await Promise.all([
    Promise.all(subjects.map(async (s) => {
      const key = JSON.stringify([s.schema, s.name, s.birthDate, s.nationality, s.country]);
      if (!asked.has(key)) asked.set(key, provider.screen(s, options));
      return { subject: s, matches: await asked.get(key)! };
    })),
    personIdsOfCaseSubjects(db, casePk),
  ]);
  const identities = screened.map(({ subject }) => {
    const snapshot = subjectSnapshotOf(subject);
    const digest = subjectDigestOf(snapshot);
    const personId = personIds.get(subject.subjectId) ?? null;
    return { snapshot, digest, key: subjectKeyOf(personId, digest), fingerprint: fingerprintOf(snapshot) };
  });
  const pairs = await findActiveClearedPairs(db, {
    subjectKeys: [...new Set(identities.map((i) => i.key))],
    digests: [...new Set(identities.map((i) => i.digest))],
    entityIds: [...new Set(screened.flatMap((s) => s.matches.map((m) => m.entityId)))],
  });
  return screened.map(({ subject, matches }, i) => {
    const id = identities[i]!;
    const out: RaisedMatch[] = [];
    let cleared = 0;
    for (const match of matches) {
      const entitySnapshot = entitySnapshotOf(match);
      const pair = pairOf(pairs, match.entityId, id.key, id.digest);
      if (!pair) {
        out.push({ match, entitySnapshot });
        continue;
      }
      if (pair.entityFingerprint === fingerprintOf(entitySnapshot) && pair.subjectFingerprint === id.fingerprint) {
        cleared++;
        continue;
      }
      const changes = changesBetween({ entity: pair.entitySnapshot, subject: pair.subjectSnapshot }, { entity: entitySnapshot, subject: id.snapshot });
      out.push({ match, entitySnapshot, reraise: { pairId: pair.id, changes: changes.length ? changes : ['the entity or the subject changed'] } });
    }
    return { subject, matches: out, cleared };
  });
}

/** The subject's pair with the entity: the one stored under its key first, else one stored under its digest. */
function pairOf(pairs: ClearedPair[], entityId: string, key: string, digest: string): ClearedPair | undefined {
  return pairs.find((p) => p.entityId === entityId && p.subjectKey === key) ?? pairs.find((p) => p.entityId === entityId && p.subjectDigest === digest);
}

/**
 * Screens subjects of a tenant's case as screenCase does (the tenant's settings as query options, the
 * tenant's cleared pairs set aside): for another feature that screens a case's parties (monitoring).
 */
export async function screenWithTenantSettings(
  db: TenantDb, provider: ScreeningProvider, defaultThreshold: number, now: Date, casePk: number, subjects: ScreeningSubject[],
): Promise<ScreenedSubject[]> {
  const settings = await activeScreeningSettings(db, defaultThreshold, now);
  return screenSubjects(db, provider, casePk, subjects, queryOptionsOf(settings.settings));
}
