import { registerMailKind } from '../mail/index';
import type { FeatureModule } from '../platform/index';
import { inviteMail } from './invite.mail';

// The invite email is sent by the mail outbox (src/mail), which learns its kind here.
registerMailKind(inviteMail);

/** Case intake: its invite email is a kind of the mail outbox (whose sweep re-enqueues a lost one). */
export const invitesModule: FeatureModule = {
  name: 'invites',
};
