import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { documentView } from './document-views';
import type { DocumentView } from './document.wire';
import { findDocument } from './documents.repository';

/** GET /v1/documents/{id}: a document of the tenant with its extraction; another tenant's id is not_found. */
export async function getDocument(svc: Services, actor: Actor, id: string): Promise<DocumentView> {
  authorize(actor, 'documents:read');
  if (!/^[1-9][0-9]{0,15}$/.test(id)) throw DomainError.notFound('Document');
  const row = await findDocument(forTenant(svc.db, actor), id);
  if (!row) throw DomainError.notFound('Document');
  return documentView(row);
}
