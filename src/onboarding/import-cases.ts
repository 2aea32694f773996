import { authorize, type Actor } from '../access/index';
import { csvLine, csvRecords, type BatchItemResultView } from '../cases/index';
import { DomainError, isDomainError } from '../errors';
import type { StoredResponse } from '../idempotency/index';
import type { Services } from '../services';
import { checkCaseBody, type CreateCaseOutcome } from './create-case';
import { createCaseItems } from './create-cases';

/** The most rows one import takes (the header aside), and the most characters its CSV text may have. */
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_CHARS = 3 * 1024 * 1024;
/** The most rows one importCases call creates: the console calls again from `nextRow` (its progress). */
export const IMPORT_ROWS_PER_CALL = 1_000;

/** The columns of the file, as POST /v1/cases names the fields; the header names them in any order and any case. */
export const CASE_IMPORT_COLUMNS = ['customerEmail', 'companyName', 'customerName', 'country', 'crmRecordId', 'crmSource', 'sendInvite'] as const;
export type CaseImportColumn = (typeof CASE_IMPORT_COLUMNS)[number];
const REQUIRED: readonly CaseImportColumn[] = ['customerEmail', 'companyName'];

/** The template: the header and one example row. */
export const CASE_IMPORT_TEMPLATE = csvLine([...CASE_IMPORT_COLUMNS])
  + csvLine(['jane.doe@acme.example', 'Acme Trading Ltd', 'Jane Doe', 'United Kingdom', 'opp-00042', 'salesforce', 'true']);

export interface CaseImportRow {
  /** The row as a spreadsheet numbers it: the header is row 1, the first case row 2. */
  row: number;
  fields: Record<CaseImportColumn, string>;
  /** What is wrong with the row (nothing is created for it), each naming its column; empty when valid. */
  errors: { column: string; message: string }[];
}

export interface CaseImportPreview {
  rows: CaseImportRow[];
  counts: { rows: number; valid: number; invalid: number };
}

export type CaseImportStatus = 'created' | 'replayed' | 'duplicate_open_case' | 'invalid';

export interface CaseImportResult {
  row: number;
  status: CaseImportStatus;
  /** The case created, or the existing one (its crmRecordId's, or the open case of its email). */
  caseId: string | null;
  /** Why a row was not created, in words. */
  message: string | null;
}

export interface CaseImportReport {
  results: CaseImportResult[];
  counts: Record<CaseImportStatus, number>;
  /** The row to import from next (another call), or null when the file is done. */
  nextRow: number | null;
}

/**
 * The console's CSV import, step 1: the file read and every row checked as POST /v1/cases checks a body, nothing
 * written. A file that cannot be imported at all (too large, over 10,000 rows, no header of its own, an unknown or
 * missing column) is validation_failed on `csv`. Analysts and up (cases:create).
 */
export function previewCaseImport(actor: Actor, csv: string): CaseImportPreview {
  authorize(actor, 'cases:create');
  const rows = [...readRows(csv)].map(({ row }) => row);
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { rows, counts: { rows: rows.length, valid: rows.length - invalid, invalid } };
}

/**
 * Step 2: the rows from `fromRow` on (at most IMPORT_ROWS_PER_CALL) created through createCaseItems, the use case of
 * POST /v1/cases/batch: the single-case dedup layers, the invites sent as POST /v1/cases sends them (sendInvite
 * true unless the row says false). Rows carry no Idempotency-Key: importing the same file again creates nothing
 * new because of the tenant's dedup rules, which a row cannot bypass (no allowDuplicate column): a row with a
 * crmRecordId finds its case (replayed), a row without finds the open case of its email (duplicate_open_case).
 */
export async function importCases(svc: Services, actor: Actor, csv: string, fromRow = 2): Promise<CaseImportReport> {
  authorize(actor, 'cases:create');
  const results: CaseImportResult[] = [];
  const items: { row: number; body: Record<string, unknown> }[] = [];
  let nextRow: number | null = null;
  for (const { row, body } of readRows(csv)) {
    // Read to the end even past this call's share: a file with too many rows is refused before anything is written.
    if (row.row < fromRow || nextRow !== null) continue;
    if (results.length + items.length >= IMPORT_ROWS_PER_CALL) {
      nextRow = row.row;
      continue;
    }
    if (row.errors.length) results.push({ row: row.row, status: 'invalid', caseId: null, message: row.errors.map((e) => `${e.column}: ${e.message}`).join('; ') });
    else items.push({ row: row.row, body: body! });
  }
  const created = await createCaseItems(svc, actor, items.map((i) => i.body), render);
  for (const item of created) results.push(resultOf(items[item.index]!.row, item));
  results.sort((a, b) => a.row - b.row);
  const counts = { created: 0, replayed: 0, duplicate_open_case: 0, invalid: 0 };
  for (const r of results) counts[r.status] += 1;
  return { results, counts, nextRow };
}

function resultOf(row: number, item: BatchItemResultView): CaseImportResult {
  if (item.status === 'duplicate_open_case') {
    const existing = (item.error as { existing?: { caseId: string } } | undefined)?.existing;
    return { row, status: item.status, caseId: existing?.caseId ?? null, message: 'This customer email already has an open case.' };
  }
  if (item.status === 'invalid') return { row, status: item.status, caseId: null, message: item.error?.message ?? null };
  return { row, status: item.status, caseId: item.case?.caseId ?? null, message: item.replay === 'crm_record_id' ? 'A case of this crmRecordId exists already.' : null };
}

/** The answer createCaseItems stores per item (no Idempotency-Key here: nothing is replayed from it). */
const render = (outcome: CreateCaseOutcome): StoredResponse => outcome.kind === 'duplicate_open_case'
  ? { status: 409, body: { error: 'duplicate_open_case', message: 'This customer email already has an open case in your organisation.', existing: outcome.existing } }
  : { status: outcome.kind === 'created' ? 201 : 200, body: outcome.case };

const refuse = (message: string) => DomainError.validation([{ path: 'csv', message }]);

/** Each row of the file with its problems, and its POST /v1/cases body when it has none. */
function* readRows(csv: string): Generator<{ row: CaseImportRow; body: Record<string, unknown> | null }> {
  if (csv.length > MAX_IMPORT_CHARS) throw refuse(`must be at most ${MAX_IMPORT_CHARS / 1024 / 1024} MiB`);
  const records = csvRecords(csv);
  const header = records.next();
  if (header.done) throw refuse('is empty: the first row names the columns');
  const columns = header.value.map((name) => {
    const column = CASE_IMPORT_COLUMNS.find((c) => c.toLowerCase() === name.trim().toLowerCase());
    if (!column) throw refuse(`the column "${name.trim()}" is not one of ${CASE_IMPORT_COLUMNS.join(', ')}`);
    return column;
  });
  const twice = columns.find((c, i) => columns.indexOf(c) !== i);
  if (twice) throw refuse(`the column ${twice} is named twice`);
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) throw refuse(`the columns ${REQUIRED.join(' and ')} are required (missing: ${missing.join(', ')})`);
  let n = 1;
  let any = false;
  for (const cells of records) {
    n += 1;
    any = true;
    if (n - 1 > MAX_IMPORT_ROWS) throw refuse(`must have at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows (after the header)`);
    yield checkRow(n, columns, cells);
  }
  if (!any) throw refuse('has no rows after the header');
}

const TRUE = ['true', 'yes', 'y', '1'];
const FALSE = ['false', 'no', 'n', '0'];

function checkRow(row: number, columns: CaseImportColumn[], cells: string[]): { row: CaseImportRow; body: Record<string, unknown> | null } {
  const fields = Object.fromEntries(CASE_IMPORT_COLUMNS.map((c) => [c, ''])) as Record<CaseImportColumn, string>;
  columns.forEach((c, i) => { fields[c] = (cells[i] ?? '').trim(); });
  const errors: CaseImportRow['errors'] = [];
  if (cells.length > columns.length && cells.slice(columns.length).some((c) => c.trim() !== '')) {
    errors.push({ column: 'row', message: `has ${cells.length} cells; the header names ${columns.length} columns` });
  }
  const body: Record<string, unknown> = {};
  for (const c of CASE_IMPORT_COLUMNS) {
    const value = fields[c];
    if (c === 'sendInvite') {
      if (value === '') continue;
      if (TRUE.includes(value.toLowerCase())) body.sendInvite = true;
      else if (FALSE.includes(value.toLowerCase())) body.sendInvite = false;
      else errors.push({ column: c, message: 'must be true or false (empty: true)' });
    } else if (value !== '' || REQUIRED.includes(c)) body[c] = value;
  }
  if (REQUIRED.some((c) => fields[c] === '')) {
    for (const c of REQUIRED) if (fields[c] === '') errors.push({ column: c, message: 'is required' });
  } else {
    try {
      checkCaseBody(body);
    } catch (err) {
      if (!isDomainError(err) || err.code !== 'validation_failed') throw err;
      for (const d of (err.extra.details as { path: string; message: string }[] | undefined) ?? []) {
        errors.push({ column: d.path.replace(/^\//, '') || 'row', message: d.message });
      }
    }
  }
  return { row: { row, fields, errors }, body: errors.length ? null : body };
}
