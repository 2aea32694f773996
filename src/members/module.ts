import type { FeatureModule } from '../platform/index';
import { memberLinkMail } from './member-link.mail';

/** Members: the console's password-reset and invitation emails, a kind of the mail outbox. */
export const membersModule: FeatureModule = {
  name: 'members',
  mail: [memberLinkMail],
};
