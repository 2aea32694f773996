import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { ConsoleHarness } from '../graphql/harness';
import { listLocalMail } from '../../src/mail/index';
import { reviewConfirmed, seedDocument, signedInCustomer } from '../portal/support';
import { decodeQp } from '../support/smtp';

export const GRACE_PASSPORT = { surname: 'HOPPER', givenNames: 'GRACE', nationality: 'GBR', documentNumber: 'K81726354', birth: '661209', sex: 'F', expiry: '330730' } as const;
export const ADA_PASSPORT = { surname: 'LOVELACE', givenNames: 'ADA', nationality: 'GBR', documentNumber: 'L12345678', birth: '801210', sex: 'F', expiry: '340101' } as const;

/** Grace is director and UBO (one human, one personKey); Ada is a second director; Alan has no email. */
export const twoPeopleApplication = {
  companyProfile: {
    companyName: 'Analytical Engines Ltd', registrationNumber: '01234567', country: 'GB', entityType: 'Private limited company',
    incorporationDate: '2015-03-14', registeredAddress: '1 King Street, London EC2V 8AU', businessActivity: 'Engineering', sourceOfFunds: 'Trading revenue',
    website: 'https://engines.example', transactsInternationally: false, internationalCountries: [],
  },
  ownership: {
    hasUbos: true,
    directors: [
      { name: 'Grace Hopper', email: 'grace@engines.example', roles: ['director', 'signatory'], nationality: 'GB', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' },
      { name: 'Ada Lovelace', email: 'ada@engines.example', roles: ['director'], nationality: 'GB', dateOfBirth: '1980-12-10', countryOfResidence: 'GB' },
    ],
    ubos: [{ name: 'Grace Hopper', email: 'grace@engines.example', ownershipPercent: 100, nationality: 'GB', dateOfBirth: '1966-12-09', countryOfResidence: 'GB' }],
  },
};

/** A submitted case (application saved, a company document on file, submitted through the portal's tRPC); its pipeline not yet run. */
export async function submittedCase(h: ConsoleHarness, application: Record<string, unknown> = twoPeopleApplication) {
  const s = await signedInCustomer(h);
  await s.client.application.save.mutate(application as never);
  await seedDocument(h.svc, s.tenant.id, s.case.pk, { status: 'complete' });
  await reviewConfirmed(h.svc, s.tenant.id, s.case.pk);
  await s.client.application.submit.mutate();
  return { tenant: s.tenant, orgId: s.tenant.id, casePk: s.case.pk, caseId: s.case.caseId, client: s.client, sessionToken: s.sessionToken };
}

export async function personKeyOf(h: ConsoleHarness, ref: { orgId: string; casePk: number }, name: string): Promise<string> {
  const [row]: { person_key: string }[] = await h.svc.db.query('SELECT person_key FROM case_parties WHERE org_id = ? AND case_pk = ? AND name = ? LIMIT 1', [ref.orgId, ref.casePk, name]);
  return row!.person_key;
}

/**
 * A link token for a person's open verification, for tests that are not about the email (the email's link
 * is read from the SMTP server in the email tests): a fresh token whose hash replaces the stored one, as a
 * resend would.
 */
export async function linkTokenFor(h: ConsoleHarness, ref: { orgId: string; casePk: number }, personKey: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const res = (await h.svc.db.query(
    `UPDATE identity_verifications SET token_hash = ? WHERE org_id = ? AND case_pk = ? AND person_key = ? AND state IN ('link_sent', 'in_progress')`,
    [createHash('sha256').update(token).digest('hex'), ref.orgId, ref.casePk, personKey],
  )) as { affectedRows: number };
  expect(res.affectedRows, 'an open verification').to.equal(1);
  return token;
}

export interface UploadPart {
  field: string;
  filename: string;
  bytes: Uint8Array;
}

/** POST /portal/api/verify as the hosted page sends it (same origin, the token in X-Verification-Token). */
export async function uploadForVerification(h: ConsoleHarness, token: string, parts: UploadPart[], headers: Record<string, string> = {}) {
  const boundary = '----idv-test-boundary-8Zs1';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(Buffer.from(p.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await fetch(`${h.url}/portal/api/verify`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: new URL(h.svc.config.appUrl).origin, 'x-verification-token': token, ...headers },
    body: Buffer.concat(chunks),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The events of a case in order, parsed. */
export async function caseEvents(h: ConsoleHarness, ref: { orgId: string; casePk: number }): Promise<{ eventId: string; type: string; data: Record<string, unknown> }[]> {
  const rows: { event_id: string; type: string; data: string }[] = await h.svc.db.query(
    'SELECT event_id, type, data FROM events WHERE org_id = ? AND case_pk = ? ORDER BY case_sequence', [ref.orgId, ref.casePk],
  );
  return rows.map((r) => ({ eventId: r.event_id, type: r.type, data: JSON.parse(r.data) as Record<string, unknown> }));
}

/** The verification link (its token) in the newest mail the local mail outbox kept for `to` (SMTP_URL unset). */
export async function verificationTokenFromLocalMail(h: ConsoleHarness, orgId: string, to: string, mode: 'live' | 'test' = 'live'): Promise<string> {
  const mail = (await listLocalMail(h.svc, orgId, 50, mode)).find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).to.not.equal(undefined);
  const token = /\/portal\/verify\?token=([A-Za-z0-9_-]{43})/.exec(decodeQp(mail!.raw))?.[1];
  expect(token, 'the verification link').to.be.a('string');
  return token!;
}
