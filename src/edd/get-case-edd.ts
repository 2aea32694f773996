import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import type { Queryable } from '../db/queryable';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { listEddChanges, listEddRequirements } from './edd.repository';
import { eddChangeView, eddRequirementView, type CaseEddView } from './edd-views';

/** A case's EDD requirements and their history, for the console (edd:read). not_found for another tenant's case. */
export async function getCaseEdd(svc: Services, actor: Actor, input: { caseId: string }): Promise<CaseEddView> {
  authorize(actor, 'edd:read');
  const casePk = await findCasePk(svc.db, actor.orgId, input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  return caseEddOf(svc.db, actor.orgId, casePk);
}

export async function caseEddOf(db: Queryable, orgId: string, casePk: number): Promise<CaseEddView> {
  const [requirements, history] = await Promise.all([listEddRequirements(db, orgId, casePk), listEddChanges(db, orgId, casePk)]);
  return { requirements: requirements.map(eddRequirementView), history: history.map(eddChangeView) };
}
