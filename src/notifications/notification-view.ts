import type { NotificationKind } from './notification-kinds';
import type { NotificationRow } from './notifications.repository';

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

export const notificationView = (r: NotificationRow): NotificationView => ({
  id: Number(r.id),
  kind: r.kind,
  caseId: r.case_id,
  noteId: r.note_id === null ? null : Number(r.note_id),
  actorName: r.actor_name,
  excerpt: r.excerpt,
  createdAt: new Date(r.created_at).toISOString(),
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
});
