import { isoFromDatetimeText } from '../db/datetime-text';
import type { CaseRow } from './cases.repository';
import type { CaseSummaryView, CreatedCaseView } from './case.wire';

/**
 * Mappers from case rows to the wire shapes of case.wire.ts. Entities never leave the domain; these
 * mappers decide every field, and the create response's `in-progress` quirk lives in exactly one place
 * (createdCaseView).
 */

/** A case in lists (GET /v1/cases). */
export function caseSummaryView(row: CaseRow): CaseSummaryView {
  return {
    caseId: row.case_id,
    companyName: row.company_name,
    status: row.status,
    source: row.source,
    onboardingStage: row.onboarding_stage,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    country: row.country,
    crmRecordId: row.crm_record_id,
    crmSource: row.crm_source,
    createdAt: isoFromDatetimeText(row.created_at),
    updatedAt: isoFromDatetimeText(row.updated_at),
  };
}

/** The response of POST /v1/cases. */
export function createdCaseView(row: CaseRow, urls: { appUrl: string; portalUrl: string }): CreatedCaseView {
  return {
    caseId: row.case_id,
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    companyName: row.company_name,
    crmRecordId: row.crm_record_id,
    crmSource: row.crm_source,
    source: row.source,
    status: row.status === 'in_progress' ? 'in-progress' : row.status,
    inviteSentAt: isoFromDatetimeText(row.invite_sent_at),
    customerPortalUrl: urls.portalUrl,
    analystUrl: analystUrl(urls.appUrl, row.case_id),
  };
}

/** The case in the analyst console: `{APP_URL}/cases?case=<caseId>`. */
export function analystUrl(appUrl: string, caseId: string): string {
  return `${appUrl}/cases?case=${encodeURIComponent(caseId)}`;
}
