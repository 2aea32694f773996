export { signAuditHead, AUDIT_HEAD_TYP, type AuditHeadClaims, type SignedAuditHead } from './sign-audit-head';
export { verifyAuditLog, type AuditLogBreak, type AuditLogVerification } from './verify-audit-log';
export { signAuditHeads, SIGN_AUDIT_HEADS_TASK } from './sign-audit-heads.task';
export { auditSealModule } from './module';
