import { type TenantDb, forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { listEddChanges, listEddRequirements } from './edd.repository';
import { eddChangeView, eddRequirementView, type CaseEddView } from './edd-views';

/** A case's EDD requirements and their history, for the console (edd:read). not_found for another tenant's case. */
export async function getCaseEdd(svc: Services, actor: Actor, input: { caseId: string }): Promise<CaseEddView> {
  const db = forTenant(svc.db, actor);
  authorize(actor, 'edd:read');
  const casePk = await findCasePk(db, input.caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  return caseEddOf(db, casePk);
}

export async function caseEddOf(db: TenantDb, casePk: number): Promise<CaseEddView> {
  const [requirements, history] = await Promise.all([listEddRequirements(db, casePk), listEddChanges(db, casePk)]);
  return { requirements: requirements.map(eddRequirementView), history: history.map(eddChangeView) };
}
