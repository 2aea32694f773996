import { registerMailKind } from '../mail/index';
import type { FeatureModule } from '../platform/index';
import { removedMemberCredentialsMail } from './removed-member-credentials.mail';

// The email about a removed member's credentials is sent by the mail outbox (src/mail), which learns its kind here.
registerMailKind(removedMemberCredentialsMail);

/** OAuth and API credentials: the email telling the admins of a removed member's credentials is a kind of the mail outbox. */
export const oauthModule: FeatureModule = {
  name: 'oauth',
};
