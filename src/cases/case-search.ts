import { emailKey } from '../email-address';

/**
 * Case search, one rule on every door (`search` and `q` of GET /v1/cases, `search` of the MCP tool
 * search_cases and of the console's case filter): the term (trimmed; blank is no search; at most 200
 * characters, see searchTerm) matches a case when
 * - every word of it begins a word anywhere in the company name, customer name, customer email, caseId,
 *   crmRecordId or reference (the FULLTEXT index ft_cases_search, boolean mode, each word `+word*`), or
 * - the whole term is a prefix of the company name, customer email, caseId, crmRecordId or reference (the
 *   tenant-first indexes; this keeps short words, stop words and exact ids working).
 * A word is a run of letters and digits. The last word is always a prefix (the analyst may still be typing:
 * "Acme W" finds "Acme Widgets"); an earlier word under three characters or one of InnoDB's stop words is
 * left out (the index holds neither: "bank of foo" looks for bank and foo). A term shaped like a reference,
 * a caseId or a UUID is an id: only the prefixes apply ("C-2" is not every case of 2026).
 */
export const CASE_SEARCH_DESCRIPTION = 'Words found anywhere in the company name, customer name, customer email, caseId, crmRecordId or reference '
  + '(each word of the search begins a word there, any letter case: "Royale" finds "Casino Royale Ltd"), or a prefix of one of them; '
  + 'a search shaped like a reference (C-12, or T-12 for a test case), caseId or UUID matches ids by prefix only. '
  + 'Blank is no search; at most 200 characters.';

/** What one search term stands for. */
export interface CaseSearch {
  /** The boolean-mode full-text query (`+word* +word*`), or null when the term has no word. */
  words: string | null;
  companyName: string;
  emailKey: string;
  caseId: string;
  crmRecordId: string;
  reference: string;
}

/** InnoDB's default full-text stop words (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD). */
const STOP_WORDS = new Set([
  'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'la', 'of', 'on', 'or',
  'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www',
]);
/** innodb_ft_min_token_size's default: shorter words are not in the index. */
const MIN_WORD = 3;

/** The full-text query of a term: each word required as a prefix (see above for the words left out); null without a word. */
export function fullTextQuery(term: string): string | null {
  const words = term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  const last = words[words.length - 1]!;
  const kept = words.slice(0, -1).filter((w) => w.length >= MIN_WORD && !STOP_WORDS.has(w));
  return [...new Set([...kept, last])].map((w) => `+${w}*`).join(' ');
}

/** A term shaped like (the beginning of) a reference `C-12` (a test case's `T-12`), a caseId `CS-2026-000` or a UUID: searched as a prefix only. */
const IDENTIFIER = /^(?:[ct]-\d+|cs-\d{1,4}(?:-\d*)?|[0-9a-f]{8}-[0-9a-f-]*)$/i;

export function caseSearchOf(term: string): CaseSearch {
  return {
    words: IDENTIFIER.test(term) ? null : fullTextQuery(term),
    companyName: term,
    emailKey: emailKey(term),
    caseId: /^cs-/i.test(term) ? term.toUpperCase() : term.toLowerCase(),
    crmRecordId: term,
    reference: term.toUpperCase(),
  };
}

/** `value%` for LIKE, with LIKE's own wildcards in value escaped. */
const prefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns of ft_cases_search, in its order (MATCH must name exactly these). */
const FULL_TEXT_COLUMNS = ['company_name', 'customer_name', 'customer_email', 'search_refs'];

/** The WHERE condition of a search over the cases table (aliased `alias.` when given) and its parameters. */
export function caseSearchCondition(search: CaseSearch, alias = ''): { sql: string; params: string[] } {
  const a = alias ? `${alias}.` : '';
  const like = ['company_name', 'customer_email_key', 'case_id', 'crm_record_id', 'reference'].map((name) => `${a}${name} LIKE ?`);
  const params = [prefix(search.companyName), prefix(search.emailKey), prefix(search.caseId), prefix(search.crmRecordId), prefix(search.reference)];
  if (search.words === null) return { sql: `(${like.join(' OR ')})`, params };
  return {
    sql: `(MATCH (${FULL_TEXT_COLUMNS.map((c) => `${a}${c}`).join(', ')}) AGAINST (? IN BOOLEAN MODE) OR ${like.join(' OR ')})`,
    params: [search.words, ...params],
  };
}
