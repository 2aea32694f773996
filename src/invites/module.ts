import type { FeatureModule } from '../platform/index';
import { inviteMail } from './invite.mail';

/** Case intake: the invite email, a kind of the mail outbox (which sends it, and sweeps it when its job was lost). */
export const invitesModule: FeatureModule = {
  name: 'invites',
  mail: [inviteMail],
};
