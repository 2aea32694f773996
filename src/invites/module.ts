import type { FeatureModule } from '../platform/index';
import { sweepInvites } from './invites';

/** Case intake: invites whose send job was lost. */
export const invitesModule: FeatureModule = {
  name: 'invites',
  sweeps: [{ name: 'invite sweep', order: 20, run: sweepInvites }],
};
