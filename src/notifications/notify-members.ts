import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { queueMail } from '../mail/index';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds';
import { insertNotification } from './notifications.repository';

/** The notification's email in the mail outbox; its reference is the notifications row's id. */
export const MEMBER_NOTIFICATION_MAIL = 'member_notification';

/** The longest excerpt a notification keeps (characters): enough to recognise the note, never the whole of it. */
export const EXCERPT_MAX = 280;

export interface NotifyInput {
  kind: NotificationKind;
  /** The members told, each once (duplicates are dropped). */
  memberIds: string[];
  /** The case it is about (its public id). */
  caseId: string;
  /** The note that caused it, when a note did. */
  noteId?: number;
  /** Who caused it, as the members know them (a name or an email). */
  actorName: string;
  /** What it says, shortened to EXCERPT_MAX. */
  excerpt: string;
  /** The case's mode: about a test case (test mode), the email is kept, never sent. Default live. */
  mode?: 'live' | 'test';
}

/**
 * Tells members something in the caller's transaction: one notification each (the console's list and unread
 * count), and one email each through the mail outbox, sent after commit. Returns the notifications' ids.
 */
export async function notifyMembers(tx: Tx, orgId: string, input: NotifyInput): Promise<number[]> {
  if (!NOTIFICATION_KINDS.includes(input.kind)) throw new Error(`unknown notification kind ${input.kind}`);
  const excerpt = input.excerpt.length > EXCERPT_MAX ? `${input.excerpt.slice(0, EXCERPT_MAX - 1)}…` : input.excerpt;
  const now = tx.services.clock.now();
  const db = forTenant(tx.manager, orgId);
  const ids: number[] = [];
  for (const memberId of [...new Set(input.memberIds)]) {
    const id = await insertNotification(db, {
      memberId, kind: input.kind, caseId: input.caseId, noteId: input.noteId ?? null, actorName: input.actorName.slice(0, 300), excerpt, createdAt: now,
    });
    await queueMail(tx, { orgId, kind: MEMBER_NOTIFICATION_MAIL, reference: id, mode: input.mode ?? 'live' });
    ids.push(id);
  }
  return ids;
}
