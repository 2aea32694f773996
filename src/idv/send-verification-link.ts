import { forTenant } from '../db/index';
import type { Tx } from '../db/transaction';
import { queueCustomerEmail } from '../customer-emails/index';
import { randomToken, sha256Hex } from '../security/tokens';
import { upsertVerification, type CasePerson } from './verifications.repository';
import { nowForCase, setPartyRosterStatus } from '../cases/index';

/** The portal page a verification link opens: `{APP_URL}/portal/verify?token=…`. */
export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/portal/verify?token=${token}`;
}

const ROLE_WORDS: Record<string, string> = { director: 'director', ubo: 'beneficial owner', signatory: 'signatory' };

/**
 * Issues a person's verification link in the caller's transaction: a new random token (stored hashed, with
 * its expiry, IDV_LINK_TTL; any earlier link of that person stops working), the person's verification back
 * to `link_sent`, and one customer email (kind identity_verification) through the outbox, which records
 * idv.dispatched once the mail system accepted it. Returns whether the person's roster status changed.
 */
export async function sendVerificationLink(
  tx: Tx, input: { orgId: string; casePk: number; person: CasePerson & { email: string }; companyName: string | null; dispatchedBy: string },
): Promise<boolean> {
  const db = forTenant(tx.manager, input.orgId);
  const svc = tx.services;
  const now = svc.clock.now();
  const token = randomToken(32);
  // From now for the case: a test case's link expires on the tenant's test clock.
  const expiresAt = new Date((await nowForCase(svc, db, input.casePk)).getTime() + svc.config.idvLinkTtlMs);
  const { person } = input;
  await upsertVerification(db, input.casePk, person.personKey, {
    state: 'link_sent', outcome: null, tokenHash: sha256Hex(token), tokenExpiresAt: expiresAt, dispatchedBy: input.dispatchedBy, dispatchedAt: now,
    vendorName: null, vendorSessionId: null, documentId: null, selfieDocumentId: null, satisfiedByDocId: null, checks: null, startedAt: null, completedAt: null,
  }, now);
  const roles = person.roles.map((r) => ROLE_WORDS[r] ?? r).join(' and ');
  const company = input.companyName ?? 'the application';
  const expires = `${expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  await queueCustomerEmail(tx, {
    orgId: input.orgId,
    casePk: input.casePk,
    kind: 'identity_verification',
    recipientEmail: person.email,
    recipientName: person.name,
    subject: `Please verify your identity for ${company}`,
    paragraphs: [
      `Hello ${person.name},`,
      `You are named as ${roles} of ${company}. Before the application can be decided, we need to verify your identity.`,
      'Open your personal link and upload a photo or scan of your passport or national ID card. It takes a few minutes.',
      `The link is for you alone and works until ${expires}. If you did not expect this email, you can ignore it.`,
    ],
    action: { label: 'Verify my identity', url: verificationLink(svc.config.appUrl, token) },
    events: [{
      type: 'idv.dispatched',
      fields: { recipientEmail: person.email, recipientName: person.name, personKey: person.personKey, roles: person.roles, dispatchedBy: input.dispatchedBy },
    }],
  });
  return setPartyRosterStatus(db, input.casePk, person.personKey, 'link_sent');
}
