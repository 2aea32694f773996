import { type TenantDb } from '../db/index';
import { listCasePersons, listCaseVerifications, type VerificationState } from './verifications.repository';
import type { IdvOutcome } from './identity-verifier';
import { hasPassed } from './verification-facts';

/** A person of a case whose identity verification has not passed, and where it stands (null: never sent). */
export interface UnverifiedPerson {
  personKey: string;
  name: string;
  state: VerificationState | null;
  outcome: IdvOutcome | null;
}

/**
 * The people of a case (one per personKey, roster order) whose identity verification has not passed:
 * not passed is the rule loadVerificationFacts' allPassed uses (hasPassed). Empty when everyone passed or the case has nobody to verify.
 */
export async function listUnverifiedPersons(db: TenantDb, casePk: number): Promise<UnverifiedPerson[]> {
  const [persons, verifications] = await Promise.all([listCasePersons(db, casePk), listCaseVerifications(db, casePk)]);
  const byKey = new Map(verifications.map((v) => [v.personKey, v]));
  return persons.flatMap((p) => {
    const v = byKey.get(p.personKey);
    if (hasPassed(v)) return [];
    return [{ personKey: p.personKey, name: p.name, state: v?.state ?? null, outcome: v?.outcome ?? null }];
  });
}
