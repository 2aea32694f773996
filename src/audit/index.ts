export { AuditEntry } from './audit-entry.entity';
export { recordAudit } from './record-audit';
export { listAuditLog, type AuditEntryView, type AuditLogFilter } from './list-audit-log';
export { canonicalJson, chainHash, chainPreimage, GENESIS_HASH, readChainHead, type ChainedFields } from './audit-chain';
export { findChainEntry, type ChainEntry } from './audit-chain.repository';
export { checkAuditChain, type ChainBreak, type ChainCheck, type ChainProblem } from './check-audit-chain';
export { listCaseAuditEntries, type CaseAuditEntry } from './list-case-audit-entries';
export { exportAuditLog, AUDIT_EXPORT_PAGE, type AuditLogExport } from './export-audit-log';
