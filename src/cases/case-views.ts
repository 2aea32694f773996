import { isoFromDatetimeText } from '../db/datetime-text';
import type { CaseRecord } from './cases.repository';
import type { CaseSummaryView, CreatedCaseView } from './case.wire';

/**
 * Mappers from case rows to the wire shapes of case.wire.ts. Entities never leave the domain; these
 * mappers decide every field, and the create response's `in-progress` quirk lives in exactly one place
 * (createdCaseView).
 */

/** A case in lists (GET /v1/cases). */
export function caseSummaryView(row: CaseRecord): CaseSummaryView {
  return {
    caseId: row.caseId,
    companyName: row.companyName,
    status: row.status,
    source: row.source,
    onboardingStage: row.onboardingStage,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    country: row.country,
    crmRecordId: row.crmRecordId,
    crmSource: row.crmSource,
    createdAt: isoFromDatetimeText(row.createdAt),
    updatedAt: isoFromDatetimeText(row.updatedAt),
  };
}

/** The response of POST /v1/cases. */
export function createdCaseView(row: CaseRecord, urls: { appUrl: string; portalUrl: string }): CreatedCaseView {
  return {
    caseId: row.caseId,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    companyName: row.companyName,
    crmRecordId: row.crmRecordId,
    crmSource: row.crmSource,
    source: row.source,
    status: row.status === 'in_progress' ? 'in-progress' : row.status,
    inviteSentAt: isoFromDatetimeText(row.inviteSentAt),
    customerPortalUrl: urls.portalUrl,
    analystUrl: analystUrl(urls.appUrl, row.caseId),
  };
}

/** The case in the analyst console: `{APP_URL}/cases?case=<caseId>`. */
export function analystUrl(appUrl: string, caseId: string): string {
  return `${appUrl}/cases?case=${encodeURIComponent(caseId)}`;
}
