import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import type { Services } from '../services';
import { portalDocumentView } from './document-views';
import { listDocumentsOfCase } from './documents.repository';
import { UPLOAD_LIMITS, type PortalDocumentListView } from './portal-document.wire';
import { portalCustomer } from './portal-customer';

/** documents.list: the documents of the customer's own case, in upload order, with the upload limits. */
export async function listPortalDocuments(svc: Services, actor: Actor): Promise<PortalDocumentListView> {
  const { orgId, casePk } = portalCustomer(actor);
  const rows = await listDocumentsOfCase(forTenant(svc.db, orgId), casePk);
  return { documents: rows.map(portalDocumentView), limits: UPLOAD_LIMITS };
}
