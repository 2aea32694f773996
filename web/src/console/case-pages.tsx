// The case pages live in ./cases/: the list with its filters and New case, and one case with its actions.
export { CasesPage } from './cases/cases-page';
export { CasePage } from './cases/case-page';
export { CaseImportPage } from './cases/import-page';
