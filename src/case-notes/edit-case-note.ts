import { authorize, type Actor } from '../access/index';
import { findCaseRowByPk } from '../cases/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { listMemberContacts } from '../tenants/index';
import { caseNoteViews, type CaseNoteView } from './case-note-view';
import { findNote, writeNewVersion } from './case-notes.repository';
import { checkNoteBody, resolveMentionsByName } from './note-body';
import { noteAuthor } from './note-author';
import { notifyMentions } from './notify-mentions';

/**
 * Edits a note: by its author only. The new body becomes the next version and every earlier version is kept
 * (a note is a compliance record: never deleted, its history readable). A body equal to the current one
 * changes nothing. Members mentioned for the first time by this version (by email or full name, as
 * addCaseNote) are notified.
 */
export async function editCaseNote(svc: Services, caller: Actor, noteId: number, body: string): Promise<CaseNoteView> {
  authorize(caller, 'case_notes:write');
  const text = checkNoteBody(body);
  if (!Number.isSafeInteger(noteId) || noteId < 1) throw DomainError.notFound('Note');
  const db = forTenant(svc.db, caller.orgId);
  const caseId = await inTransaction(svc, async (tx) => {
    const txDb = forTenant(tx.manager, caller.orgId);
    const note = await findNote(txDb, noteId, true);
    if (!note) throw DomainError.notFound('Note');
    const actor = noteAuthor(caller);
    if (note.authorId !== actor.memberId) throw new DomainError('forbidden', "Only the note's author may edit it.");
    const c = await findCaseRowByPk(txDb, note.casePk);
    if (!c) throw DomainError.notFound('Note');
    const members = await listMemberContacts(txDb);
    const stored = checkNoteBody(resolveMentionsByName(text, members));
    if (note.body === stored) return c.caseId;
    await writeNewVersion(txDb, note, { body: stored, writtenBy: actor.memberId, at: svc.clock.now() });
    await notifyMentions(tx, txDb, actor, members, { id: noteId, caseId: c.caseId, body: stored, before: note.body });
    return c.caseId;
  });
  const [view] = await caseNoteViews(db, caseId, [(await findNote(db, noteId))!]);
  return view!;
}
