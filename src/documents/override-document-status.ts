import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { inTransaction } from '../db/transaction';
import { DomainError, type ValidationDetail } from '../errors';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { documentView } from './document-views';
import type { DocumentView } from './document.wire';
import { findDocument, lockDocument, updateDocumentStatus } from './documents.repository';

/** What an analyst may set an errored document to. */
export const DOCUMENT_OVERRIDE_STATUSES = ['approved', 'escalated'] as const;
export type DocumentOverrideStatus = (typeof DOCUMENT_OVERRIDE_STATUSES)[number];
const MAX_TEXT = 2000;

/**
 * An analyst overrides a document whose extraction ended in `error`: approved by hand (with a note) or
 * escalated (with a reason). In one transaction, with the document row locked: its status, and
 * data.corrected (source analyst_override, documentId, field document_status, originalValue `error`,
 * correctedValue, note and reason when given, by the actor). Any other document status is refused
 * with invalid_transition naming it; a missing or foreign document is not_found.
 */
export async function overrideDocumentStatus(
  svc: Services, actor: Actor, input: { documentId: string; status: DocumentOverrideStatus; note?: string | null; reason?: string | null },
): Promise<DocumentView> {
  authorize(actor, 'cases:work');
  const details: ValidationDetail[] = [];
  if (!DOCUMENT_OVERRIDE_STATUSES.includes(input.status)) details.push({ path: 'status', message: `must be one of ${DOCUMENT_OVERRIDE_STATUSES.join(', ')}` });
  const note = input.note?.trim() || undefined;
  const reason = input.reason?.trim() || undefined;
  if (note && note.length > MAX_TEXT) details.push({ path: 'note', message: `must be at most ${MAX_TEXT} characters` });
  if (reason && reason.length > MAX_TEXT) details.push({ path: 'reason', message: `must be at most ${MAX_TEXT} characters` });
  if (input.status === 'approved' && !note) details.push({ path: 'note', message: 'is required to approve a document by hand' });
  if (input.status === 'escalated' && !reason) details.push({ path: 'reason', message: 'is required to escalate a document' });
  if (details.length) throw DomainError.validation(details);
  const orgId = actor.orgId;
  return inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    const doc = await lockDocument(db, input.documentId);
    if (!doc) throw DomainError.notFound('Document');
    if (doc.status !== 'error') {
      throw new DomainError('invalid_transition', `Document ${doc.id} is ${doc.status}; only a document in error can be overridden.`, {
        currentStatus: doc.status, allowedFrom: ['error'],
      });
    }
    await updateDocumentStatus(db, doc.id, input.status, svc.clock.now());
    await recordEvent(tx, {
      orgId,
      type: 'data.corrected',
      case: { pk: doc.casePk },
      fields: {
        source: 'analyst_override', documentId: doc.id, field: 'document_status', originalValue: doc.status, correctedValue: input.status,
        ...(note ? { note } : {}), ...(reason ? { reason } : {}), by: auditName(actor),
      },
    });
    return documentView((await findDocument(db, String(doc.id)))!);
  });
}
