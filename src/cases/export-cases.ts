import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { nowOfMode } from '../test-clock/index';
import { listConsoleCasePage, type CaseListPosition, type ConsoleCaseRecord } from './case-work.repository';
import { checkConsoleCaseQuery, type ConsoleCaseQueryInput } from './console-case-query';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';
import { csvLine } from './csv-line';

/** Cases read per statement: memory holds one page of them at a time, whatever the list's length. */
export const EXPORT_PAGE_SIZE = 500;

/** A UTF-8 byte order mark before the header, so that spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** The export's columns (docs/console.md "Export"), in order: the header cell and the value of a case. */
const COLUMNS: [string, (c: ConsoleCaseView) => string | number | null][] = [
  ['reference', (c) => c.reference],
  ['caseId', (c) => c.caseId],
  ['companyName', (c) => c.companyName],
  ['companyNumber', (c) => c.companyNumber],
  ['country', (c) => c.country],
  ['customerName', (c) => c.customerName],
  ['customerEmail', (c) => c.customerEmail],
  ['status', (c) => c.status],
  ['onboardingStage', (c) => c.onboardingStage],
  ['riskBand', (c) => c.riskBand],
  ['riskScore', (c) => c.riskScore],
  ['ownerName', (c) => c.owner?.name ?? null],
  ['ownerEmail', (c) => c.owner?.email ?? null],
  ['source', (c) => c.source],
  ['crmSource', (c) => c.crmSource],
  ['crmRecordId', (c) => c.crmRecordId],
  ['tags', (c) => c.tags.join('; ')],
  ['createdAt', (c) => c.createdAt],
  ['updatedAt', (c) => c.updatedAt],
  ['analystUrl', (c) => c.analystUrl],
];
export const CASE_EXPORT_COLUMNS: readonly string[] = COLUMNS.map(([name]) => name);

export interface CaseExport {
  /** `cases-<YYYY-MM-DD>.csv` (UTC day of the export). */
  filename: string;
  /**
   * The CSV text in chunks: the BOM and header first, then one chunk per page of cases. Reading it to the
   * end (or stopping early) writes the export's one audit line: its filters, the rows written, and
   * whether it was complete.
   */
  chunks: AsyncIterable<string>;
}

/**
 * The console's case list as CSV, with the list's filters and order (checked before anything is read:
 * validation_failed), for an analyst or higher (`cases:export`; tokens never). Keyset-paged through the
 * list EXPORT_PAGE_SIZE cases at a time, so memory stays bounded at any length.
 */
export async function exportCases(svc: Services, actor: Actor, input: ConsoleCaseQueryInput): Promise<CaseExport> {
  authorize(actor, 'cases:export');
  const { query, sort, filter } = checkConsoleCaseQuery(actor, input);
  const db = forTenant(svc.db, actor);
  const now = svc.clock.now();
  const filename = `cases-${now.toISOString().slice(0, 10)}.csv`;
  // The SLA filter and order at the time of the caller's mode, as the list reads them (a test case's: its test clock).
  const slaNow = await nowOfMode(svc.clock, db, db.mode);

  async function* chunks(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      yield CSV_BOM + csvLine(CASE_EXPORT_COLUMNS);
      let after: CaseListPosition | null = null;
      for (;;) {
        const page: ConsoleCaseRecord[] = await listConsoleCasePage(db, { ...query, now: slaNow, after, limit: EXPORT_PAGE_SIZE });
        if (page.length === 0) break;
        let text = '';
        for (const r of page) {
          const c = consoleCaseView(r, svc.config.appUrl);
          text += csvLine(COLUMNS.map(([, value]) => value(c)));
        }
        rows += page.length;
        yield text;
        if (page.length < EXPORT_PAGE_SIZE) break;
        const last = page[page.length - 1]!;
        after = sort.by === 'created' ? { pk: Number(last.pk) }
          : { pk: Number(last.pk), value: sort.by === 'updated' ? last.updatedAt : sort.by === 'sla' ? last.slaSort! : last.riskScore === null ? null : String(last.riskScore) };
      }
      complete = true;
    } finally {
      await inTransaction(svc, (tx) => recordAudit(tx, {
        orgId: actor.orgId, actor: auditName(actor), action: 'cases.exported', details: { filter, rows, complete }, at: svc.clock.now(),
      }));
    }
  }
  return { filename, chunks: chunks() };
}
