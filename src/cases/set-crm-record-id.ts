import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { authorize, type Actor } from '../access/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { CrmRecordIdRequestSchema, type CrmRecordIdView } from './case.wire';
import { findCaseRow, updateCrmRecordId } from './cases.repository';

/**
 * POST {APP_URL}/api/cases/{caseId}/crm-record-id: stores the CRM's record id on the case. Every event
 * recorded for the case afterwards carries it as crmRecordId (recordEvent reads it from the case row,
 * under the case lock); events before carry null.
 */
export async function setCrmRecordId(
  svc: Services, actor: Actor, caseId: string, body: unknown,
): Promise<CrmRecordIdView> {
  authorize(actor, 'cases:set_crm_record_id');
  const { crmRecordId } = assertSchema(CrmRecordIdRequestSchema, body);
  const row = await findCaseRow(forTenant(svc.db, actor), caseId);
  await inTransaction(svc, (tx) => updateCrmRecordId(forTenant(tx.manager, actor), Number(row.pk), crmRecordId, svc.clock.now()));
  return { caseId: row.caseId, crmRecordId, crmSource: row.crmSource };
}
