import { type TenantDb } from '../db/index';
import { listCasePersons, listCaseVerifications } from './verifications.repository';

/** Where a case's identity verification stands, for the pipeline (which waits) and the decision policy. */
export interface VerificationFacts {
  /** People of the case (one per personKey). */
  persons: number;
  /** Links out, not yet answered (link_sent, in_progress): the pipeline's route step waits for these. */
  outstanding: number;
  /** Every person passed or is satisfied by a document on file (true when the case has nobody to verify). */
  allPassed: boolean;
  /** Some person's verification failed. */
  anyFailed: boolean;
}

/** Whether a person's verification counts as passed: completed with outcome pass, or satisfied by a document on file. */
export const hasPassed = (v: { state: string; outcome: string | null } | undefined): boolean =>
  v?.state === 'satisfied' || (v?.state === 'completed' && v.outcome === 'pass');

export async function loadVerificationFacts(db: TenantDb, casePk: number): Promise<VerificationFacts> {
  const [persons, verifications] = await Promise.all([listCasePersons(db, casePk), listCaseVerifications(db, casePk)]);
  const byKey = new Map(verifications.map((v) => [v.personKey, v]));
  const states = persons.map((p) => byKey.get(p.personKey));
  return {
    persons: persons.length,
    outstanding: states.filter((v) => v?.state === 'link_sent' || v?.state === 'in_progress').length,
    allPassed: states.every(hasPassed),
    anyFailed: states.some((v) => v?.state === 'completed' && v.outcome === 'fail'),
  };
}
