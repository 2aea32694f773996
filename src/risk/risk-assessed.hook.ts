import { defineHook } from '../platform/index';

/**
 * Run by assessRiskInTx inside the assessment's transaction, right after risk.assessed is recorded: other
 * features react to a case's new band there (src/edd adds the EDD requirements the decision policy asks
 * for at that band), so that their writes commit or roll back with the assessment.
 */
export const RISK_ASSESSED = defineHook<{ orgId: string; casePk: number; band: string }>('risk.assessed');
