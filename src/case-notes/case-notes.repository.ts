import { type TenantDb } from '../db/index';

/** A note on a case, at its current version. */
export interface CaseNote {
  id: number;
  casePk: number;
  authorId: string;
  body: string;
  version: number;
  createdAt: Date;
  editedAt: Date | null;
}

/** One version of a note. */
export interface CaseNoteVersion {
  version: number;
  body: string;
  writtenBy: string;
  writtenAt: Date;
}

interface CaseNoteRow {
  id: number;
  case_pk: number;
  author_id: string;
  body: string;
  version: number;
  created_at: Date;
  edited_at: Date | null;
}

interface CaseNoteVersionRow {
  version: number;
  body: string;
  written_by: string;
  written_at: Date;
}

const toCaseNote = (r: CaseNoteRow): CaseNote => ({
  id: r.id, casePk: r.case_pk, authorId: r.author_id, body: r.body, version: r.version, createdAt: r.created_at, editedAt: r.edited_at,
});

const toCaseNoteVersion = (r: CaseNoteVersionRow): CaseNoteVersion => ({ version: r.version, body: r.body, writtenBy: r.written_by, writtenAt: r.written_at });

const COLUMNS = 'id, case_pk, author_id, body, version, created_at, edited_at';

/** Writes a new note as version 1 (the note row and its first version). Returns the note's id. */
export async function insertNote(db: TenantDb, n: { casePk: number; authorId: string; body: string; at: Date }): Promise<number> {
  const res = (await db.query(
    'INSERT INTO case_notes (org_id, case_pk, author_id, body, version, created_at) VALUES (?, ?, ?, ?, 1, ?)',
    [db.orgId, n.casePk, n.authorId, n.body, n.at],
  )) as { insertId: number };
  const id = res.insertId;
  await insertVersion(db, { noteId: id, version: 1, body: n.body, writtenBy: n.authorId, at: n.at });
  return id;
}

async function insertVersion(db: TenantDb, v: { noteId: number; version: number; body: string; writtenBy: string; at: Date }): Promise<void> {
  await db.query(
    'INSERT INTO case_note_versions (org_id, note_id, version, body, written_by, written_at) VALUES (?, ?, ?, ?, ?, ?)',
    [db.orgId, v.noteId, v.version, v.body, v.writtenBy, v.at],
  );
}

/** Makes `body` the note's current text as the next version, keeping every earlier one. In the caller's transaction, the note locked. */
export async function writeNewVersion(db: TenantDb, note: CaseNote, v: { body: string; writtenBy: string; at: Date }): Promise<void> {
  const version = note.version + 1;
  await db.query('UPDATE case_notes SET body = ?, version = ?, edited_at = ? WHERE org_id = ? AND id = ?', [v.body, version, v.at, db.orgId, note.id]);
  await insertVersion(db, { noteId: note.id, version, body: v.body, writtenBy: v.writtenBy, at: v.at });
}

/** One note, or null; `forUpdate` locks it until the transaction ends (two edits of one note take turns). */
export async function findNote(db: TenantDb, noteId: number, forUpdate = false): Promise<CaseNote | null> {
  const [row] = (await db.query(`SELECT ${COLUMNS} FROM case_notes WHERE org_id = ? AND id = ?${forUpdate ? ' FOR UPDATE' : ''}`, [db.orgId, noteId])) as CaseNoteRow[];
  return row ? toCaseNote(row) : null;
}

/** A case's notes, newest first, before the id `before` when given; `limit` rows at most. */
export async function listNotePage(db: TenantDb, casePk: number, opts: { before: number | null; limit: number }): Promise<CaseNote[]> {
  const rows = (await db.query(
    `SELECT ${COLUMNS} FROM case_notes WHERE org_id = ? AND case_pk = ?${opts.before === null ? '' : ' AND id < ?'} ORDER BY id DESC LIMIT ?`,
    [db.orgId, casePk, ...(opts.before === null ? [] : [opts.before]), opts.limit],
  )) as CaseNoteRow[];
  return rows.map(toCaseNote);
}

/** Every version of a note, oldest first. */
export async function listVersions(db: TenantDb, noteId: number): Promise<CaseNoteVersion[]> {
  const rows = (await db.query(
    'SELECT version, body, written_by, written_at FROM case_note_versions WHERE org_id = ? AND note_id = ? ORDER BY version', [db.orgId, noteId],
  )) as CaseNoteVersionRow[];
  return rows.map(toCaseNoteVersion);
}
