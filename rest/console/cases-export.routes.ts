import { Router, type Request } from 'express';
import { exportCases, type CaseAssignee, type CaseSortKey, type CaseSource, type CaseStatus, type ConsoleCaseQueryInput, type RiskBand, type SlaState } from '../../src/cases/index';
import { DomainError, type Services } from '../../src/platform/index';
import { consoleDownloader, writable } from './console-download';

/** The case list's filters as the console's address names them (web/src/console/cases/cases-page.tsx), and its order. */
const PARAMS = ['status', 'source', 'crm', 'owner', 'assignee', 'risk', 'q', 'tags', 'sla', 'sort'] as const;

const list = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : undefined);

/** The export's input from the query string: one value per known parameter, unknown ones refused (validation_failed). */
function exportInput(query: Request['query']): ConsoleCaseQueryInput {
  const details: { path: string; message: string }[] = [];
  const value: Partial<Record<(typeof PARAMS)[number], string>> = {};
  let caseIds: string[] | undefined;
  for (const [name, v] of Object.entries(query)) {
    // The selection: `caseId` repeated (or comma-separated), as the console's "Export selected" asks.
    if (name === 'caseId') caseIds = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [String(x)])).map((x) => x.trim()).filter(Boolean);
    else if (!(PARAMS as readonly string[]).includes(name)) details.push({ path: name, message: `is not a filter of the case list (${PARAMS.join(', ')}, caseId)` });
    else if (typeof v !== 'string') details.push({ path: name, message: 'must be given once' });
    else value[name as (typeof PARAMS)[number]] = v;
  }
  if (details.length) throw DomainError.validation(details);
  const input: ConsoleCaseQueryInput = {
    statuses: list(value.status) as CaseStatus[] | undefined,
    source: (value.source || undefined) as CaseSource | undefined,
    crmSource: value.crm || undefined,
    ownerId: value.owner || undefined,
    assignee: (value.assignee || undefined) as CaseAssignee | undefined,
    riskBand: (value.risk || undefined) as RiskBand | undefined,
    search: value.q || undefined,
    tags: list(value.tags),
    ...(caseIds ? { caseIds } : {}),
    slaStates: list(value.sla) as SlaState[] | undefined,
  };
  if (value.sort) {
    const [by, direction] = value.sort.split(':');
    input.sort = { by: by as CaseSortKey, ...(direction === undefined ? {} : { direction: direction as 'asc' | 'desc' }) };
  }
  return input;
}

/**
 * GET /console/export/cases.csv: the console's case list as a CSV download, with the list's filters
 * (docs/console.md "Export"), or only the selected cases (`caseId` repeated, at most 200). The member is the console session cookie's (401 without one); a request
 * another site starts (Sec-Fetch-Site cross-site or same-site) is refused (403), since the cookie would
 * ride along. Rows are written as the use case pages through the list, with backpressure; a client
 * that goes away stops the reading.
 */
export function consoleExportRoutes(svc: Services): Router {
  const router = Router();
  router.get('/console/export/cases.csv', async (req, res) => {
    const signedIn = await consoleDownloader(svc, req);
    const exported = await exportCases(svc, signedIn.actor, exportInput(req.query));

    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${exported.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // HEAD (Express routes it here): the checks and headers only; nothing read, so nothing exported nor audited.
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    try {
      for await (const chunk of exported.chunks) {
        if (res.destroyed) break;
        if (!res.write(chunk) && !(await writable(res))) break;
      }
      res.end();
    } catch (err) {
      // The header is out: the only way to tell the client is to cut the response short.
      req.log.error({ err }, 'case export failed');
      res.destroy();
    }
  });
  return router;
}
