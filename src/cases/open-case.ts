import { inTransaction } from '../db/transaction';
import { recordEvent } from '../events/record-event';
import type { Services } from '../services';
import { emailAddressProblem, emailKey } from '../email-address';
import { requireText, throwIfAny, isEmail } from '../validation';
import type { ValidationDetail } from '../errors';
import { nextCaseNumber } from './case-id';

export interface OpenCaseInput {
  orgId: string;
  /** How the case came in (every way but the API, which is createCase). */
  source: 'manual' | 'doc_upload' | 'application_form';
  companyName: string;
  customerEmail?: string | null;
  customerName?: string | null;
  country?: string | null;
  companyNumber?: string | null;
  /** The analyst's email, on manual creation. */
  createdBy?: string | null;
}

/**
 * Opens a case that did not come through POST /v1/cases: its id is `CS-<year>-<00000>`, numbered per
 * tenant and year. Records case.created in the same transaction.
 */
export async function openCase(svc: Services, input: OpenCaseInput): Promise<{ caseId: string; pk: number }> {
  const details: ValidationDetail[] = [];
  const companyName = requireText(details, 'companyName', input.companyName, 200);
  if (input.customerEmail != null) {
    const problem = isEmail(input.customerEmail) ? emailAddressProblem(input.customerEmail) : 'must be a valid email address';
    if (problem) details.push({ path: 'customerEmail', message: problem });
  }
  throwIfAny(details);
  return inTransaction(svc, async (tx) => {
    const now = svc.clock.now();
    const caseId = await nextCaseNumber(tx, input.orgId, now.getUTCFullYear());
    const res = await tx.manager.query(
      `INSERT INTO cases (case_id, org_id, status, onboarding_stage, source, customer_email, customer_email_key, customer_name, company_name,
         company_number, country, created_by, created_at, updated_at)
       VALUES (?, ?, 'in_progress', 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [caseId, input.orgId, input.source, input.customerEmail ?? null, input.customerEmail != null ? emailKey(input.customerEmail) : null,
        input.customerName ?? null, companyName, input.companyNumber ?? null,
        input.country ?? null, input.source === 'manual' ? (input.createdBy ?? null) : null, now, now],
    );
    const pk = Number((res as { insertId: number }).insertId);
    await tx.manager.query(
      `INSERT INTO company_profiles (case_pk, org_id, company_name, registration_number, country, customer_email, transacts_internationally,
         international_countries, custom_answers, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, '[]', '{}', ?)`,
      [pk, input.orgId, companyName, input.companyNumber ?? null, input.country ?? null, input.customerEmail ?? null, now],
    );
    await recordEvent(tx, {
      orgId: input.orgId,
      type: 'case.created',
      case: { pk },
      fields: {
        companyName, companyNumber: input.companyNumber ?? null, country: input.country ?? null, customerEmail: input.customerEmail ?? null,
        source: input.source, ...(input.source === 'manual' && input.createdBy ? { createdBy: input.createdBy } : {}),
      },
    });
    return { caseId, pk };
  });
}
