import type { NotificationKind } from './notification-kinds';
import type { MemberNotification } from './notifications.repository';

/** A notification as the console shows it to its member. */
export interface NotificationView {
  id: number;
  kind: NotificationKind;
  caseId: string | null;
  noteId: number | null;
  /** Who caused it (a name, or an email when the member has no name). */
  actorName: string;
  excerpt: string;
  createdAt: string;
  /** When the member marked it read; null while unread. */
  readAt: string | null;
}

export const notificationView = (r: MemberNotification): NotificationView => ({
  id: r.id,
  kind: r.kind,
  caseId: r.caseId,
  noteId: r.noteId,
  actorName: r.actorName,
  excerpt: r.excerpt,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt ? r.readAt.toISOString() : null,
});
