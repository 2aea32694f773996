import { findCasePk } from '../cases/find-case';
import { DomainError } from '../errors';
import { clampLimit, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/cursor';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import type { DocumentStatus } from './document.entity';
import type { DocumentSummaryView, DocumentView } from './document.wire';

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const SUMMARY = 'd.id, c.case_id, d.document_type, d.filename, d.mime_type, d.size_bytes, d.status, d.confidence, d.uploaded_at, d.updated_at';

function summary(r: Record<string, never>): DocumentSummaryView {
  return {
    id: Number(r.id), caseId: r.case_id, documentType: r.document_type, filename: r.filename, mimeType: r.mime_type,
    sizeBytes: Number(r.size_bytes), status: r.status, confidence: r.confidence,
    uploadedAt: (r.uploaded_at as Date).toISOString(), updatedAt: (r.updated_at as Date).toISOString(),
  };
}

/** GET /v1/documents: across the tenant, newest first by id, optionally of one case and/or one status. */
export async function listDocuments(
  svc: Services, actor: Actor, input: { caseId?: string; status?: DocumentStatus; limit?: number; cursor?: string },
): Promise<Page<DocumentSummaryView>> {
  authorize(actor, 'documents:read');
  const orgId = actor.orgId;
  const limit = clampLimit(input.limit);
  const scope: CursorScope = { orgId, list: 'documents', filter: { caseId: input.caseId ?? null, status: input.status ?? null } };
  const after = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const where = ['d.org_id = ?'];
  const params: unknown[] = [orgId];
  let hint = 'FORCE INDEX (ix_documents_org_id)';
  if (input.caseId !== undefined) {
    const pk = await findCasePk(svc, orgId, input.caseId);
    if (pk === null) return { data: [], nextCursor: null, hasMore: false };
    where.push('d.case_pk = ?');
    params.push(pk);
    hint = 'FORCE INDEX (ix_documents_org_case_id)';
  }
  if (input.status !== undefined) {
    where.push('d.status = ?');
    params.push(input.status);
    if (input.caseId === undefined) hint = 'FORCE INDEX (ix_documents_org_status_id)';
  }
  if (after !== null) {
    where.push('d.id < ?');
    params.push(after);
  }
  const rows: Record<string, never>[] = await svc.db.query(
    `SELECT ${SUMMARY} FROM documents d ${hint} JOIN cases c ON c.pk = d.case_pk WHERE ${where.join(' AND ')} ORDER BY d.id DESC LIMIT ${limit + 1}`,
    params,
  );
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], summary);
}

export async function getDocument(svc: Services, actor: Actor, id: string): Promise<DocumentView> {
  authorize(actor, 'documents:read');
  if (!/^[1-9][0-9]{0,15}$/.test(id)) throw DomainError.notFound('Document');
  const [r]: Record<string, never>[] = await svc.db.query(
    `SELECT ${SUMMARY}, d.warnings, d.notes, d.extracted_data FROM documents d JOIN cases c ON c.pk = d.case_pk WHERE d.org_id = ? AND d.id = ?`,
    [actor.orgId, id],
  );
  if (!r) throw DomainError.notFound('Document');
  return { ...summary(r), warnings: json<unknown[]>(r.warnings), notes: r.notes, extractedData: json<Record<string, unknown>>(r.extracted_data) };
}
