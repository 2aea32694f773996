import type { FeatureModule } from '../platform/index';
import { removedMemberCredentialsMail } from './removed-member-credentials.mail';

/** OAuth and API credentials: the email telling the admins which credentials a removed member created, a kind of the mail outbox. */
export const oauthModule: FeatureModule = {
  name: 'oauth',
  mail: [removedMemberCredentialsMail],
};
