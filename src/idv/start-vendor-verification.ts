import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { markVerificationStarted } from './mark-verification-started';
import { openVerificationByToken } from './verification-token';
import { listCasePersons, tenantRequiresSelfie } from './verifications.repository';

/**
 * A hosted-flow vendor (IDV_PROVIDER=hosted): opens a session at the vendor for the link's person and
 * answers where to send them; the verification and roster become `in_progress`, and the vendor's signed
 * callback completes it later (receiveVendorCallback). Opening a new session replaces an earlier one.
 */
export async function startVendorVerification(svc: Services, input: { token: string }): Promise<{ redirectUrl: string }> {
  const verifier = svc.idv;
  if (verifier.flow !== 'hosted_flow') throw new DomainError('conflict', 'This verification is done on this page: upload your ID document here.');
  const v = await openVerificationByToken(svc, svc.db, input.token);
  const db = forTenant(svc.db, v.orgId);
  const person = (await listCasePersons(db, v.casePk)).find((p) => p.personKey === v.personKey);
  const selfieRequired = await tenantRequiresSelfie(db);
  let session: { sessionId: string; redirectUrl: string };
  try {
    session = await verifier.createSession({
      reference: `idv_${v.id}`, person: { name: person?.name ?? '', dateOfBirth: person?.dateOfBirth ?? null }, selfieRequired,
      returnUrl: `${svc.config.appUrl}/portal/verify?returned=1`,
    });
  } catch (err) {
    svc.log.warn({ orgId: v.orgId, err: (err as Error).message }, 'identity vendor session not opened');
    throw new DomainError('service_unavailable', 'The verification provider could not be reached. Try again in a few minutes.');
  }
  await inTransaction(svc, async (tx) => {
    const locked = await openVerificationByToken(svc, tx.manager, input.token, true);
    await markVerificationStarted(tx, locked, { vendorName: verifier.name, vendorSessionId: session.sessionId });
  });
  return { redirectUrl: session.redirectUrl };
}
