import type { FeatureModule } from '../platform/index';
import { memberNotificationMail } from './member-notification.mail';

/** Notifications: their email, a kind of the mail outbox. */
export const notificationsModule: FeatureModule = {
  name: 'notifications',
  mail: [memberNotificationMail],
};
