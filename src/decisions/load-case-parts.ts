import { forTenant } from '../db/index';
import { authorize, type Actor, type Permission } from '../access/index';
import { documentView, listDocumentsOfCases } from '../documents/index';
import type { DocumentView } from '../documents/index';
import { listHitsOfCases, screeningHitView } from '../screening/index';
import type { ScreeningHitView } from '../screening/index';
import type { Services } from '../services';
import type { CurrentDecisionView, DecisionView } from '../cases/index';
import { decisionsOf, latestDecisionsOf, partiesOf } from '../cases/index';
import { casePartyView, type CasePartyView } from '../cases/index';
import { currentDecisionView, decisionView } from '../cases/index';

/** What loadCaseParts reads for each case, by part. */
export interface CaseParts {
  /** The current (latest) decision, or null. */
  decision: CurrentDecisionView | null;
  /** Every decision, newest first. */
  decisions: DecisionView[];
  /** Every document with its extracted data, oldest first. */
  documents: DocumentView[];
  /** Every screening hit, newest first. */
  screeningHits: ScreeningHitView[];
  /** Directors, then UBOs, each by position. */
  parties: CasePartyView[];
}
export type CasePart = keyof CaseParts;

const PERMISSION: Record<CasePart, Permission> = {
  decision: 'decisions:read', decisions: 'decisions:read', documents: 'documents:read', screeningHits: 'screening:read', parties: 'cases:read',
};

function groupByCase<R extends { caseId: string }, T>(caseIds: string[], records: R[], map: (r: R) => T): T[][] {
  const by = new Map<string, T[]>(caseIds.map((id) => [id, []]));
  for (const r of records) by.get(r.caseId)?.push(map(r));
  return caseIds.map((id) => by.get(id) ?? []);
}

/**
 * One part of many cases of the tenant in one statement, in the order of `caseIds` (what a per-request
 * DataLoader batches: a page of 50 cases asking for their decision costs one query, not 50). A missing
 * or foreign case id gets null or an empty list, never another tenant's rows.
 */
export async function loadCaseParts<P extends CasePart>(svc: Services, actor: Actor, part: P, caseIds: string[]): Promise<CaseParts[P][]> {
  authorize(actor, PERMISSION[part]);
  const db = forTenant(svc.db, actor);
  let out: unknown[];
  switch (part) {
    case 'decision': {
      const rows = await latestDecisionsOf(db, caseIds);
      const by = new Map(rows.map((r) => [r.caseId, currentDecisionView(r)]));
      out = caseIds.map((id) => by.get(id) ?? null);
      break;
    }
    case 'decisions':
      out = groupByCase(caseIds, await decisionsOf(db, caseIds), (r) => decisionView(r, r.caseId));
      break;
    case 'documents':
      out = groupByCase(caseIds, await listDocumentsOfCases(db, caseIds), documentView);
      break;
    case 'screeningHits':
      out = groupByCase(caseIds, await listHitsOfCases(db, caseIds), (r) => screeningHitView(r, r.caseId));
      break;
    case 'parties':
      out = groupByCase(caseIds, await partiesOf(db, caseIds), casePartyView);
      break;
    default:
      throw new Error(`loadCaseParts: unknown part ${String(part)}`);
  }
  return out as CaseParts[P][];
}
