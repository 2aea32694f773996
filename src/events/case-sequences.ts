import { type TenantDb } from '../db/index';

/** What an event's envelope carries of its case, read after the case's event counter was bumped. */
export interface CaseSequence {
  caseId: string;
  /** The case's mode: its events are test events when it is a test case. */
  mode: 'live' | 'test';
  crmRecordId: string | null;
  crmSource: string | null;
  /** The case's event counter after the bump: the caseSequence of the last of the events it was bumped for. */
  eventSequence: number;
}

/**
 * Takes caseSequence numbers: bumps each case's event counter by its count of events (locking the case
 * rows until the transaction ends) and reads the cases back; a case of another tenant is absent. Only
 * src/cases writes the cases table, so it supplies this (takeCaseSequences) through svc.caseSequences:
 * cases imports events, never the other way round.
 */
export type TakeCaseSequences = (db: TenantDb, counts: ReadonlyMap<number, number>) => Promise<Map<number, CaseSequence>>;

declare module '../services' {
  interface Services {
    /**
     * How recordEvent takes a case's next caseSequence numbers (bumping and locking the case row):
     * src/cases' takeCaseSequences, wired by the composition root because cases imports events and only
     * cases writes `cases`.
     */
    caseSequences: TakeCaseSequences;
  }
}
