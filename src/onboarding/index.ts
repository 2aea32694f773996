// Opening a case for a customer: through the pull API (createCase, idempotent, deduplicated by CRM record and
// email), by an analyst in the console (openCase) and from the public intake link (resumeOrOpenCase); each opens
// the case (src/cases) and its invite (src/invites) in one transaction.
export { createCase, type CreateCaseOutcome, type CreateCaseResult, type CreateCaseInput } from './create-case';
export { createCases, createCaseItems, CASES_PER_TRANSACTION, type CreateCasesInput } from './create-cases';
export { openCase, insertOpenedCase, type OpenCaseInput } from './open-case';
export { prepareCustomerEmailGuard, resumeOrOpenCase } from './resume-or-open-case';
export {
  previewCaseImport, importCases, CASE_IMPORT_COLUMNS, CASE_IMPORT_TEMPLATE, MAX_IMPORT_ROWS, MAX_IMPORT_CHARS, IMPORT_ROWS_PER_CALL,
  type CaseImportPreview, type CaseImportReport, type CaseImportRow, type CaseImportResult, type CaseImportStatus,
} from './import-cases';
