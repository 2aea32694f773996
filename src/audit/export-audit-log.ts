import { auditName, authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import type { Services } from '../services';
import { readChainPage } from './audit-chain.repository';
import { auditEntryLine } from './list-case-audit-entries';
import { recordAudit } from './record-audit';

/** Entries read per page of the export. */
export const AUDIT_EXPORT_PAGE = 500;

export interface AuditLogExport {
  /** `audit-<from>-<to>.jsonl` (the range's UTC days; `start` / `now` when open). */
  filename: string;
  /**
   * One JSON object per line (seq, actor, action, details, at, prevHash, hash), in chain order, one chunk per
   * page. Reading it to the end (or stopping early) writes the export's one audit line (after the export:
   * the exported range never contains it).
   */
  chunks: AsyncIterable<string>;
}

function parseInstant(value: string | undefined | null, path: string, details: ValidationDetail[]): Date | null {
  if (value === undefined || value === null || value === '') return null;
  const d = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(d.getTime())) details.push({ path, message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant' });
  return d;
}

/**
 * The tenant's audit log as JSON lines for `GET /console/export/audit.jsonl?from=&to=` (compliance_admin, audited as
 * `audit_log.exported`): the entries recorded in [from, to) (both optional), with their seq and hashes so the
 * export can be checked against the chain. Paged by seq, so memory stays bounded at any length.
 */
export async function exportAuditLog(svc: Services, actor: Actor, input: { from?: string | null; to?: string | null }): Promise<AuditLogExport> {
  authorize(actor, 'audit:read');
  const details: ValidationDetail[] = [];
  const from = parseInstant(input.from, 'from', details);
  const to = parseInstant(input.to, 'to', details);
  if (!details.length && from && to && from.getTime() >= to.getTime()) details.push({ path: 'to', message: 'must be after from' });
  if (details.length) throw DomainError.validation(details);
  const db = forTenant(svc.db, actor);
  const day = (d: Date | null, open: string) => (d ? d.toISOString().slice(0, 10) : open);
  const filename = `audit-${day(from, 'start')}-${day(to, 'now')}.jsonl`;

  async function* chunks(): AsyncGenerator<string> {
    let rows = 0;
    let complete = false;
    try {
      let after = 0;
      for (;;) {
        const page = await readChainPage(db, after, AUDIT_EXPORT_PAGE, { from, to });
        if (!page.length) break;
        rows += page.length;
        yield page.map((e) => `${JSON.stringify(auditEntryLine(e))}\n`).join('');
        if (page.length < AUDIT_EXPORT_PAGE) break;
        after = page[page.length - 1]!.seq;
      }
      complete = true;
    } finally {
      await inTransaction(svc, (tx) => recordAudit(tx, {
        orgId: actor.orgId, actor: auditName(actor), action: 'audit_log.exported',
        details: { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null, rows, complete }, at: svc.clock.now(),
      }));
    }
  }
  return { filename, chunks: chunks() };
}
