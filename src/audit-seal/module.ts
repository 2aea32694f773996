import type { FeatureModule } from '../platform/index';
import { SIGN_AUDIT_HEADS_TASK, signAuditHeadsTask } from './sign-audit-heads.task';

/** The tamper-evident audit log's seal: every tenant's chain head is signed daily at 00:15 UTC. */
export const auditSealModule: FeatureModule = {
  name: 'audit-seal',
  tasks: { [SIGN_AUDIT_HEADS_TASK]: signAuditHeadsTask },
  cron: [{ task: SIGN_AUDIT_HEADS_TASK, match: '15 0 * * *', identifier: SIGN_AUDIT_HEADS_TASK, options: { backfillPeriod: 0, maxAttempts: 3 } }],
};
