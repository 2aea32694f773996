/** What a notification is about: `mention`, a case note mentions the member. */
export const NOTIFICATION_KINDS = ['mention'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
