import type { MemberActor } from '../access/index';
import { type TenantDb } from '../db/index';
import type { Tx } from '../db/transaction';
import { notifyMembers } from '../notifications/index';
import type { MemberContact } from '../tenants/index';
import { mentionedMembers, noteExcerpt } from './note-body';

/**
 * Notifies the members `body` mentions that `before` did not (none of them for a new note), the author never,
 * in the note's transaction: each gets a console notification and an email.
 */
export async function notifyMentions(
  tx: Tx, db: TenantDb, actor: MemberActor, members: readonly MemberContact[], note: { id: number; caseId: string; body: string; before: string | null },
): Promise<string[]> {
  const already = new Set(note.before === null ? [] : mentionedMembers(note.before, members).map((m) => m.id));
  const fresh = mentionedMembers(note.body, members).filter((m) => m.id !== actor.memberId && !already.has(m.id)).map((m) => m.id);
  if (fresh.length === 0) return [];
  const author = members.find((m) => m.id === actor.memberId);
  await notifyMembers(tx, db.orgId, {
    kind: 'mention', memberIds: fresh, caseId: note.caseId, noteId: note.id, actorName: author?.name ?? actor.email, excerpt: noteExcerpt(note.body),
    // A note on a test case is written in the console's test view: its emails are kept, never sent.
    mode: actor.mode,
  });
  return fresh;
}
