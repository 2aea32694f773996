import { systemActor } from '../access/index';
import type { FeatureTask } from '../platform/index';
import { listUnsignedHeads } from './audit-seal.repository';
import { signAuditHead } from './sign-audit-head';

/** The daily job that signs every tenant's audit chain head that moved since its last signature. */
export const SIGN_AUDIT_HEADS_TASK = 'audit.sign-heads';

/** Tenants signed per batch (the job loops until none is left). */
const BATCH = 200;

/** Signs, as the system, the head of each tenant whose chain grew since its latest signed head. Returns how many it signed. */
export async function signAuditHeads(svc: Parameters<FeatureTask>[0]): Promise<number> {
  let signed = 0;
  for (;;) {
    const orgs = await listUnsignedHeads(svc.db, BATCH);
    if (!orgs.length) return signed;
    for (const orgId of orgs) {
      if ((await signAuditHead(svc, systemActor(orgId)))?.signedNow) signed++;
    }
    if (orgs.length < BATCH) return signed;
  }
}

export const signAuditHeadsTask: FeatureTask = (svc) => async () => {
  const signed = await signAuditHeads(svc);
  if (signed) svc.log.info({ signed }, 'audit chain heads signed');
};
