// What the console tells one member (today: that a case note mentions them): the notifications list, its unread
// count and marking read, each notification also emailed through the mail outbox. Owns the notifications table.
export { notifyMembers, MEMBER_NOTIFICATION_MAIL, EXCERPT_MAX, type NotifyInput } from './notify-members';
export { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';
export { listNotifications } from './list-notifications';
export { unreadNotificationCount } from './unread-notification-count';
export { markNotificationsRead, MARK_READ_MAX_IDS } from './mark-notifications-read';
export { type NotificationView } from './notification-view';
export { notificationsModule } from './module';
