import { emailKey } from '../email-address';

/**
 * Case search, one rule on every door (`search` of GET /v1/cases, of the MCP tool search_cases and of
 * the console's case filter): the term (trimmed; blank is no search; at most 200 characters, see
 * searchTerm) is a prefix of any of four columns. Each prefix is a range read of a tenant-first index.
 */
export const CASE_SEARCH_DESCRIPTION = 'A prefix of the company name (any letter case), of the customer email (normalized as the open-case guard does), '
  + 'of the caseId, or of the crmRecordId (case-sensitive). Blank is no search; at most 200 characters.';

/** The four prefixes one search term stands for. */
export interface CaseSearch {
  companyName: string;
  emailKey: string;
  caseId: string;
  crmRecordId: string;
}

export function caseSearchOf(term: string): CaseSearch {
  return { companyName: term, emailKey: emailKey(term), caseId: /^cs-/i.test(term) ? term.toUpperCase() : term.toLowerCase(), crmRecordId: term };
}

/** `value%` for LIKE, with LIKE's own wildcards in value escaped. */
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE condition of a search over the cases table (aliased `alias.` when given) and its parameters. */
export function caseSearchCondition(search: CaseSearch, alias = ''): { sql: string; params: string[] } {
  const col = (name: string) => `${alias ? `${alias}.` : ''}${name} LIKE ?`;
  return {
    sql: `(${['company_name', 'customer_email_key', 'case_id', 'crm_record_id'].map(col).join(' OR ')})`,
    params: [prefix(search.companyName), prefix(search.emailKey), prefix(search.caseId), prefix(search.crmRecordId)],
  };
}
