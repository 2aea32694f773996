import { type TenantDb } from '../db/index';
import { findMemberContacts, listMemberContacts, type MemberContact } from '../tenants/index';
import type { CaseNote } from './case-notes.repository';
import { mentionedMembers, renderNoteBody } from './note-body';

/** A member as a note names them (author, mentioned). */
export interface NoteMemberView {
  id: string;
  name: string | null;
  email: string;
}

/** A case note as the console shows it. */
export interface CaseNoteView {
  id: number;
  caseId: string;
  author: NoteMemberView | null;
  /** The current body, markdown as written. */
  body: string;
  /** The current body rendered: markdown without raw HTML, mentions shown by name. */
  bodyHtml: string;
  /** 1 for a note never edited; each edit adds one. */
  version: number;
  edited: boolean;
  createdAt: string;
  /** When it was last edited; null if never. */
  editedAt: string | null;
  /** The current members the current body mentions. */
  mentions: NoteMemberView[];
}

const memberView = (m: MemberContact): NoteMemberView => ({ id: m.id, name: m.name, email: m.email });

/** The views of notes of one case: authors (removed members included) and mentions (current members) read once for all. */
export async function caseNoteViews(db: TenantDb, caseId: string, rows: CaseNote[]): Promise<CaseNoteView[]> {
  if (rows.length === 0) return [];
  const [members, authors] = await Promise.all([listMemberContacts(db), findMemberContacts(db, rows.map((r) => r.authorId))]);
  const authorById = new Map(authors.map((a) => [a.id, a]));
  return rows.map((r) => {
    const author = authorById.get(r.authorId);
    return {
      id: r.id,
      caseId,
      author: author ? memberView(author) : null,
      body: r.body,
      bodyHtml: renderNoteBody(r.body, members),
      version: r.version,
      edited: r.version > 1,
      createdAt: r.createdAt.toISOString(),
      editedAt: r.editedAt ? r.editedAt.toISOString() : null,
      mentions: mentionedMembers(r.body, members).map(memberView),
    };
  });
}
