import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { activeRiskModel } from './risk.repository';
import { riskModelView, type RiskModelView } from './risk-views';

/** The tenant's active risk model (the default, stored as version 1, when it never had one). */
export async function getRiskModel(svc: Services, actor: Actor): Promise<RiskModelView> {
  authorize(actor, 'risk:read');
  return riskModelView(await activeRiskModel(forTenant(svc.db, actor), svc.clock.now()));
}
