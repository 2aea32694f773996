import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { findMemberContacts, listMemberContacts } from '../tenants/index';
import type { NoteMemberView } from './case-note-view';
import { findNote, listVersions } from './case-notes.repository';
import { renderNoteBody } from './note-body';

/** One version of a note: its body as written then, who wrote it and when. */
export interface CaseNoteVersionView {
  version: number;
  body: string;
  bodyHtml: string;
  writtenBy: NoteMemberView | null;
  writtenAt: string;
}

/** Every version of a note, oldest first (version 1 the note as first added); not_found for another tenant's or an unknown note. */
export async function listCaseNoteVersions(svc: Services, actor: Actor, noteId: number): Promise<CaseNoteVersionView[]> {
  authorize(actor, 'case_notes:read');
  if (!Number.isSafeInteger(noteId) || noteId < 1) throw DomainError.notFound('Note');
  const db = forTenant(svc.db, actor);
  if (!(await findNote(db, noteId))) throw DomainError.notFound('Note');
  const rows = await listVersions(db, noteId);
  const [members, writers] = await Promise.all([listMemberContacts(db), findMemberContacts(db, rows.map((r) => r.writtenBy))]);
  const byId = new Map(writers.map((w) => [w.id, w]));
  return rows.map((r) => {
    const w = byId.get(r.writtenBy);
    return {
      version: r.version, body: r.body, bodyHtml: renderNoteBody(r.body, members),
      writtenBy: w ? { id: w.id, name: w.name, email: w.email } : null, writtenAt: r.writtenAt.toISOString(),
    };
  });
}
