import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { listMemberContacts } from '../tenants/index';
import { caseNoteViews, type CaseNoteView } from './case-note-view';
import { findNote, insertNote } from './case-notes.repository';
import { checkNoteBody, resolveMentionsByName } from './note-body';
import { noteAuthor } from './note-author';
import { notifyMentions } from './notify-mentions';

/**
 * Adds a note to a case (markdown, at most NOTE_BODY_MAX characters) as its version 1. The members it
 * mentions (`@` and their email, or their full name: stored as the email, see resolveMentionsByName) are
 * notified in the console and by email, in the same transaction.
 */
export async function addCaseNote(svc: Services, caller: Actor, caseId: string, body: string): Promise<CaseNoteView> {
  authorize(caller, 'case_notes:write');
  const text = checkNoteBody(body);
  const db = forTenant(svc.db, caller.orgId);
  const casePk = await findCasePk(db, caseId);
  if (casePk === null) throw DomainError.notFound('Case');
  const actor = noteAuthor(caller);
  const noteId = await inTransaction(svc, async (tx) => {
    const txDb = forTenant(tx.manager, actor);
    const members = await listMemberContacts(txDb);
    const stored = checkNoteBody(resolveMentionsByName(text, members));
    const id = await insertNote(txDb, { casePk, authorId: actor.memberId, body: stored, at: svc.clock.now() });
    await notifyMentions(tx, txDb, actor, members, { id, caseId, body: stored, before: null });
    return id;
  });
  const [view] = await caseNoteViews(db, caseId, [(await findNote(db, noteId))!]);
  return view!;
}
