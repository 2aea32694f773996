export { DOCUMENT_STATUSES, listDocuments, getDocument, type DocumentView, type DocumentSummaryView } from './documents';
