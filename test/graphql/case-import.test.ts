import { expect } from 'chai';
import { EventRecord } from '../../src/events/index';
import { CASE_IMPORT_COLUMNS, IMPORT_ROWS_PER_CALL } from '../../src/onboarding/index';
import fc from 'fast-check';
import { csvLine, csvRecords } from '../../src/cases/index';
import { ConsoleHarness } from './harness';

const PREVIEW = `mutation($csv: String!) { previewCaseImport(csv: $csv) {
  rowCount validCount invalidCount rows { row customerEmail companyName crmRecordId sendInvite errors { column message } } } }`;
const IMPORT = `mutation($csv: String!, $from: Int) { importCases(csv: $csv, fromRow: $from) {
  created replayed duplicateOpenCase invalid nextRow results { row status caseId message } } }`;

interface Preview { rowCount: number; validCount: number; invalidCount: number; rows: { row: number; customerEmail: string; companyName: string; crmRecordId: string; sendInvite: string; errors: { column: string; message: string }[] }[] }
interface Step { created: number; replayed: number; duplicateOpenCase: number; invalid: number; nextRow: number | null; results: { row: number; status: string; caseId: string | null; message: string | null }[] }
type Client = Awaited<ReturnType<ConsoleHarness['signedIn']>>;

/** Every step of an import, as the console runs it: from row 2 until nextRow is null; the counts added up, the results in order. */
async function importAll(client: Client, csv: string) {
  const total = { created: 0, replayed: 0, duplicateOpenCase: 0, invalid: 0, steps: 0, results: [] as Step['results'] };
  let from: number | null = 2;
  while (from !== null) {
    const step: Step = (await client.data<{ importCases: Step }>(IMPORT, { csv, from })).importCases;
    for (const k of ['created', 'replayed', 'duplicateOpenCase', 'invalid'] as const) total[k] += step[k];
    total.results.push(...step.results);
    total.steps += 1;
    from = step.nextRow;
  }
  return total;
}

const csvOf = (rows: (string | null)[][], header: readonly string[] = CASE_IMPORT_COLUMNS) => csvLine(header) + rows.map((r) => csvLine(r)).join('');

/** The console's CSV import of cases (issue 31, "Bulk"). */
describe('console: CSV import of cases', function () {
  this.timeout(120_000);
  let h: ConsoleHarness;
  before(async () => {
    h = await ConsoleHarness.start();
  });
  after(() => h.close());

  it('previews every row with its problems, imports the valid ones through the batch use case, reports each row, and a second import creates nothing', async () => {
    const analyst = await h.signedIn('analyst');
    const tenant = analyst.member.tenant;
    const open = await analyst.data<{ importCases: Step }>(IMPORT, { csv: csvOf([['open@import.example', 'Open Ltd', '', '', '', '', 'false']]) });
    const openCaseId = open.importCases.results[0]!.caseId;
    const csv = `\uFEFF${csvOf([
      ['ada@import.example', 'Lovelace Engines Ltd', 'Ada Lovelace', 'United Kingdom', 'crm-1', 'hubspot', ''],
      ['not an email', 'Bad Row Ltd', '', '', '', '', ''],
      ['grace@import.example', '', '', '', '', '', ''],
      ['open@import.example', 'Again Ltd', '', '', '', '', 'no'],
      ['alan@import.example', 'Turing, "Bombe" & Co', '', '', 'crm-2', '', 'maybe'],
      ['alan@import.example', 'Turing Machines Ltd', '', '', 'crm-2', '', 'FALSE'],
    ])}`;

    const preview = (await analyst.data<{ previewCaseImport: Preview }>(PREVIEW, { csv })).previewCaseImport;
    expect([preview.rowCount, preview.validCount, preview.invalidCount]).to.deep.equal([6, 3, 3]);
    expect(preview.rows.map((r) => [r.row, r.errors.map((e) => e.column)])).to.deep.equal([
      [2, []], [3, ['customerEmail']], [4, ['companyName']], [5, []], [6, ['sendInvite']], [7, []],
    ]);
    expect(preview.rows[4]).to.deep.include({ companyName: 'Turing, "Bombe" & Co', sendInvite: 'maybe' });
    expect(preview.rows[2]!.errors[0]!.message).to.equal('is required');
    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [tenant.id]))[0].n), 'the preview writes nothing').to.equal(1);

    const first = await importAll(analyst, csv);
    expect(first.results.map((r) => [r.row, r.status])).to.deep.equal([
      [2, 'created'], [3, 'invalid'], [4, 'invalid'], [5, 'duplicate_open_case'], [6, 'invalid'], [7, 'created'],
    ]);
    expect([first.created, first.replayed, first.duplicateOpenCase, first.invalid]).to.deep.equal([2, 0, 1, 3]);
    expect(first.results[1]!.message).to.match(/^customerEmail: /);
    expect(first.results[3]!.caseId).to.equal(openCaseId);
    const created = first.results.filter((r) => r.status === 'created').map((r) => r.caseId!);
    const cases: { case_id: string; invite_sent_at: Date | null; company_name: string; crm_source: string | null }[] = await h.svc.db.query(
      'SELECT case_id, invite_sent_at, company_name, crm_source FROM cases WHERE org_id = ? AND case_id IN (?) ORDER BY pk', [tenant.id, created]);
    // Invites as POST /v1/cases sends them: unless the row says sendInvite false.
    expect(cases.map((c) => [c.company_name, c.crm_source, c.invite_sent_at !== null])).to.deep.equal([['Lovelace Engines Ltd', 'hubspot', true], ['Turing Machines Ltd', null, false]]);
    const events = await h.svc.db.manager.findBy(EventRecord, { orgId: tenant.id, type: 'case.created' });
    expect(events).to.have.length(3);

    const again = await importAll(analyst, csv);
    expect(again.results.map((r) => [r.row, r.status])).to.deep.equal([
      [2, 'replayed'], [3, 'invalid'], [4, 'invalid'], [5, 'duplicate_open_case'], [6, 'invalid'], [7, 'replayed'],
    ]);
    expect(again.results.filter((r) => r.status === 'replayed').map((r) => r.caseId)).to.deep.equal(created);
    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [tenant.id]))[0].n)).to.equal(3);
  });

  // The preview reads the largest file the console takes. The import's steps are shown on 1,200 of its rows (two steps,
  // the second partial): importing all 10,000 creates 10,000 cases and their events, minutes of the suite on a loaded
  // machine, for no behaviour the smaller file does not show (a step is IMPORT_ROWS_PER_CALL rows whatever the file).
  it('takes 10,000 rows in the preview, and imports in steps of IMPORT_ROWS_PER_CALL rows', async function () {
    this.timeout(300_000);
    const admin = await h.signedIn('admin');
    const rows = Array.from({ length: 10_000 }, (_, i) => [`customer${i}@bulk.example`, `Bulk Company ${i} Ltd`, `Customer ${i}`, 'Ireland', i % 2 ? `crm-${i}` : '', 'pipedrive', 'false']);
    rows[1_100]![0] = 'broken@';
    rows[4321]![0] = 'broken@';
    const preview = (await admin.data<{ previewCaseImport: Preview }>(PREVIEW, { csv: csvOf(rows) })).previewCaseImport;
    expect([preview.rowCount, preview.validCount, preview.invalidCount]).to.deep.equal([10_000, 9_998, 2]);
    expect(preview.rows[4321]!.row).to.equal(4323);
    expect(preview.rows[4321]!.errors.map((e) => e.column)).to.deep.equal(['customerEmail']);

    const size = IMPORT_ROWS_PER_CALL + 200;
    const first = await importAll(admin, csvOf(rows.slice(0, size)));
    expect(first.steps).to.equal(2);
    expect([first.created, first.replayed, first.duplicateOpenCase, first.invalid]).to.deep.equal([size - 1, 0, 0, 1]);
    expect(first.results.map((r) => r.row)).to.deep.equal(Array.from({ length: size }, (_, i) => i + 2));
    expect(first.results.find((r) => r.status === 'invalid')!.row).to.equal(1_102);

    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [admin.member.tenant.id]))[0].n)).to.equal(size - 1);
  });

  it('refuses a file it cannot read (a column it does not know, one missing, over 10,000 rows) as BAD_USER_INPUT on csv, writing nothing', async () => {
    const analyst = await h.signedIn('analyst');
    const refused = async (csv: string, message: RegExp) => {
      for (const query of [PREVIEW, IMPORT]) {
        const error = await analyst.error(query, { csv });
        expect(error.code).to.equal('BAD_USER_INPUT');
        expect(error.message).to.match(message);
      }
    };
    await refused(csvOf([['a@b.example', 'A Ltd', 'x']], ['customerEmail', 'companyName', 'allowDuplicate']), /allowDuplicate.*is not one of/);
    await refused(csvOf([['a@b.example']], ['customerEmail']), /companyName are required/);
    await refused(csvOf([]), /no rows/);
    await refused(csvOf(Array.from({ length: 10_001 }, (_, i) => [`c${i}@x.example`, 'X'])), /at most 10,000 rows/);
    expect(Number((await h.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [analyst.member.tenant.id]))[0].n)).to.equal(0);
  });

  it('is for members who may create cases: signed out is UNAUTHENTICATED; the template names the columns', async () => {
    const csv = csvOf([['a@b.example', 'A Ltd', '', '', '', '', '']]);
    expect((await h.browser().error(PREVIEW, { csv })).code).to.equal('UNAUTHENTICATED');
    expect((await h.browser().error(IMPORT, { csv })).code).to.equal('UNAUTHENTICATED');
    const analyst = await h.signedIn('analyst');
    const template = (await analyst.data<{ caseImportTemplate: string }>('{ caseImportTemplate }')).caseImportTemplate;
    expect(template.split('\r\n')[0]).to.equal(CASE_IMPORT_COLUMNS.join(','));
    const preview = (await analyst.data<{ previewCaseImport: Preview }>(PREVIEW, { csv: template })).previewCaseImport;
    expect([preview.rowCount, preview.validCount]).to.deep.equal([1, 1]);
  });
});

describe('csvRecords: reading what csvLine writes', () => {
  it('gives back every record, cells with commas, quotes and line breaks included', () => {
    // Text cells a spreadsheet would read as a formula get an apostrophe on the way out: left out here.
    const cell = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (records) => {
      const text = records.map((r) => csvLine(r)).join('');
      expect([...csvRecords(`\uFEFF${text}`)]).to.deep.equal(records);
    }));
    expect([...csvRecords('a,b\n\n"x\r\ny",z\r\n')]).to.deep.equal([['a', 'b'], ['x\r\ny', 'z']]);
  });
});
