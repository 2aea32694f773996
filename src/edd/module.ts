import type { FeatureModule } from '../platform/index';
import { deriveEddRequirementsInTx } from './derive-edd-requirements';

/**
 * EDD reacts to each risk assessment, in the transaction that records it: the case gets the EDD
 * requirements the active decision policy asks for at the new band (src/edd/derive-edd-requirements.ts).
 */
export const eddModule: FeatureModule = {
  name: 'edd',
  reactions: [{
    name: 'derive EDD requirements of the risk band',
    types: ['risk.assessed'],
    async react(tx, event) {
      if (event.type !== 'risk.assessed' || event.casePk === null) return;
      await deriveEddRequirementsInTx(tx, event.orgId, event.casePk, (event.payload as { bandId: string }).bandId);
    },
  }],
};
