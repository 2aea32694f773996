export { AuditEntry } from './audit-entry.entity';
export { recordAudit } from './record-audit';
export { listAuditLog, type AuditEntryView } from './list-audit-log';
export { listCaseAuditEntries } from './list-case-audit-entries';
