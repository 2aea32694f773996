import { registerMailKind } from '../mail/index';
import type { FeatureModule } from '../platform/index';
import { memberLinkMail } from './member-link.mail';

// The console's link emails are sent by the mail outbox (src/mail), which learns their kind here.
registerMailKind(memberLinkMail);

/** Members: their password-reset and invitation emails are a kind of the mail outbox (whose sweep re-enqueues a lost one). */
export const tenantsModule: FeatureModule = {
  name: 'tenants',
};
