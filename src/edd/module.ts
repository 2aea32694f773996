import { onHookInTx, type FeatureModule } from '../platform/index';
import { RISK_ASSESSED } from '../risk/index';
import { deriveEddRequirementsInTx } from './derive-edd-requirements';

/**
 * EDD reacts to each risk assessment inside its transaction (risk's RISK_ASSESSED hook): the case gets the
 * EDD requirements the active decision policy asks for at the new band (derive-edd-requirements.ts).
 */
export const eddModule: FeatureModule = {
  name: 'edd',
  hooks: [onHookInTx(RISK_ASSESSED, 'derive EDD requirements', async (tx, p) => {
    await deriveEddRequirementsInTx(tx, p.orgId, p.casePk, p.band);
  })],
};
