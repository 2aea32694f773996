import type { FeatureModule } from '../platform/index';
import { sweepMemberMail } from './member-tokens';

/** Console emails (password resets, invitations) whose send job was lost. */
export const tenantsModule: FeatureModule = {
  name: 'tenants',
  sweeps: [{ name: 'member mail sweep', order: 30, run: sweepMemberMail }],
};
