import { randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { announceRevocationAfterCommit, auditName, authorize, type Actor, type MemberActor } from '../access/index';
import { recordAudit } from '../audit/index';
import type { Config } from '../config';
import { forTenant } from '../db/tenant-db';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { sha256Hex } from '../security/tokens';
import type { Services } from '../services';
import { findSignedInMember, markSecondFactor, type MemberSession } from '../sessions/index';
import { livePendingSignIn, PENDING_EXPIRED, PENDING_SIGN_IN_MS } from './challenges';
import { memberOf } from './member-of';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import {
  factorsOf, findChallenge, findPasskeyByCredential, insertChallenge, insertFactor, recordPasskeyUse, replaceRecoveryCodes, setChallengeWebauthn,
  spendChallenge, unusedRecoveryCodeCount, type ChallengeDoor, type FactorRow,
} from './second-factors.repository';
import { refuseUnlessBreakGlass, startConsoleSession, type ProvedMember, type SignInClient } from './sign-in';
import type { SecondFactorView } from './list-second-factors';

/**
 * The relying party: the host of APP_URL (so http://localhost:<port> works in development), and the origins a
 * passkey is used from: the console's, and the authorization pages' (BASE_URL; the browser accepts it only on
 * the same host or a subdomain of it).
 */
export function relyingParty(config: Config): { id: string; origins: string[]; name: string } {
  const url = new URL(config.appUrl);
  return { id: url.hostname, origins: [...new Set([url.origin, new URL(config.baseUrl).origin])], name: 'Compliance Onboarding' };
}

const PASSKEY_REFUSED = 'The passkey could not be verified. Try again, or use another way to sign in.';

/** The challenge a browser's response answers (from its clientDataJSON), or null. */
function challengeOf(response: unknown): string | null {
  try {
    const data = (response as { response?: { clientDataJSON?: unknown } }).response?.clientDataJSON;
    if (typeof data !== 'string') return null;
    const parsed = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

function parseResponse(raw: unknown): Record<string, unknown> {
  try {
    const parsed = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'string') return parsed as Record<string, unknown>;
  } catch {
    // below
  }
  throw DomainError.validation([{ path: 'response', message: 'must be the JSON of the browser’s WebAuthn response' }]);
}

const credentialOf = (f: FactorRow) => ({
  id: f.credentialId!, publicKey: new Uint8Array(Buffer.from(f.publicKey!, 'base64url')), counter: f.signCount,
  transports: (f.transports ? f.transports.split(',') : undefined) as ('usb' | 'nfc' | 'ble' | 'internal' | 'hybrid')[] | undefined,
});

/**
 * Options for adding a passkey (navigator.credentials.create) for the calling member: a fresh challenge,
 * kept 5 minutes, the member's existing passkeys excluded. JSON.
 */
export async function webauthnRegistrationOptions(svc: Services, actor: Actor): Promise<string> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  const rp = relyingParty(svc.config);
  const passkeys = (await factorsOf(forTenant(svc.db, member.orgId), member.memberId)).filter((f) => f.kind === 'webauthn');
  const options = await generateRegistrationOptions({
    rpName: rp.name, rpID: rp.id, userName: member.email, userID: new Uint8Array(Buffer.from(member.memberId)), userDisplayName: member.email,
    attestationType: 'none', excludeCredentials: passkeys.map((f) => ({ id: f.credentialId!, transports: f.transports?.split(',') })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const now = svc.clock.now();
  await insertChallenge(svc.db, sha256Hex(options.challenge), {
    purpose: 'register', door: 'console', orgId: member.orgId, memberId: member.memberId, sid: null, webauthnChallenge: options.challenge,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
  }, now);
  return JSON.stringify(options);
}

/**
 * Verifies the browser's answer to webauthnRegistrationOptions and adds the passkey as a second factor named
 * `name` (1..100 characters). A member's first second factor brings ten recovery codes (answered, shown
 * once); this session counts as having proved a second factor. Audited (`mfa.passkey_added`).
 */
export async function verifyWebauthnRegistration(
  svc: Services, actor: Actor, input: { response: unknown; name: unknown; sessionToken?: string },
): Promise<{ factor: SecondFactorView; recoveryCodes: string[] }> {
  authorize(actor, 'mfa:own');
  const member = memberOf(actor);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name || name.length > 100) throw DomainError.validation([{ path: 'name', message: 'must be 1 to 100 characters' }]);
  const response = parseResponse(input.response);
  const challenge = challengeOf(response);
  const now = svc.clock.now();
  const row = challenge ? await findChallenge(svc.db, sha256Hex(challenge), now) : null;
  if (!challenge || !row || row.purpose !== 'register' || row.memberId !== member.memberId || !(await spendChallenge(svc.db, sha256Hex(challenge), now))) {
    throw DomainError.validation([{ path: 'response', message: 'answers no passkey registration of yours under way (they last 5 minutes): start again' }]);
  }
  const rp = relyingParty(svc.config);
  const verified = await verifyRegistrationResponse({
    response: response as unknown as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw DomainError.validation([{ path: 'response', message: PASSKEY_REFUSED }]);
  const { credential } = verified.registrationInfo;
  const id = randomUUID();
  const db = forTenant(svc.db, member.orgId);
  const first = (await factorsOf(db, member.memberId)).length === 0 || (await unusedRecoveryCodeCount(db, member.memberId)) === 0;
  const recoveryCodes = first ? newRecoveryCodes() : [];
  await inTransaction(svc, async (tx) => {
    const txDb = forTenant(tx.manager, member.orgId);
    await insertFactor(txDb, {
      id, memberId: member.memberId, kind: 'webauthn', name, secretKeyId: null, secretCiphertext: null, lastUsedStep: null,
      credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), signCount: credential.counter,
      transports: credential.transports?.join(',') ?? null, confirmedAt: now, createdAt: now,
    });
    // Whether the member has a second factor is read (and cached) with their console sessions.
    announceRevocationAfterCommit(tx);
    if (first) await replaceRecoveryCodes(txDb, member.memberId, recoveryCodes.map((c) => recoveryCodeHash(member.memberId, c)), now);
    await recordAudit(tx, { orgId: member.orgId, actor: auditName(actor), action: 'mfa.passkey_added', details: { memberId: member.memberId, factorId: id, name }, at: now });
  });
  if (input.sessionToken) await markSecondFactor(svc, { token: input.sessionToken, memberId: member.memberId });
  return { factor: { id, kind: 'webauthn', name, createdAt: now, lastUsedAt: null }, recoveryCodes };
}

/**
 * Options for using a passkey (navigator.credentials.get), JSON. With a pending sign-in: the member's
 * passkeys, to complete it. Signed in: theirs, for step-up. Otherwise: any passkey of this site
 * (passwordless sign-in with a discoverable passkey). The challenge lasts 5 minutes, on its door (the console,
 * or the authorization pages, bound there to the browser's sid).
 */
export async function webauthnSignInOptions(
  svc: Services, input: { pendingToken?: string; signedIn?: { actor: MemberActor } | null; door?: ChallengeDoor; sid?: string },
): Promise<string> {
  const rp = relyingParty(svc.config);
  const now = svc.clock.now();
  const expiresAt = new Date(now.getTime() + PENDING_SIGN_IN_MS);
  const door = input.door ?? 'console';
  let memberRef: { orgId: string; memberId: string } | null = null;
  let pendingHash: string | null = null;
  if (input.pendingToken) {
    const pending = await livePendingSignIn(svc, { token: input.pendingToken, door, sid: input.sid });
    memberRef = pending;
    pendingHash = pending.tokenHash;
  } else if (input.signedIn && door === 'console') {
    memberRef = { orgId: input.signedIn.actor.orgId, memberId: input.signedIn.actor.memberId };
  }
  const passkeys = memberRef ? (await factorsOf(forTenant(svc.db, memberRef.orgId), memberRef.memberId)).filter((f) => f.kind === 'webauthn') : [];
  if (memberRef && !passkeys.length) throw new DomainError('conflict', 'You have no passkey: use a code instead.');
  const options = await generateAuthenticationOptions({
    rpID: rp.id, userVerification: 'preferred', allowCredentials: passkeys.map((f) => ({ id: f.credentialId!, transports: credentialOf(f).transports })),
  });
  if (pendingHash) await setChallengeWebauthn(svc.db, pendingHash, options.challenge);
  else {
    await insertChallenge(svc.db, sha256Hex(options.challenge), {
      purpose: memberRef ? 'step_up' : 'passwordless', door, orgId: memberRef?.orgId ?? null, memberId: memberRef?.memberId ?? null,
      sid: door === 'oauth' ? input.sid ?? null : null, webauthnChallenge: options.challenge, expiresAt,
    }, now);
  }
  return JSON.stringify(options);
}

/** Verifies an assertion against one of the member's passkeys (the counter moves on). Null when it does not hold. */
async function verifyAssertion(svc: Services, response: Record<string, unknown>, challenge: string, memberId: string | null): Promise<FactorRow | null> {
  const passkey = await findPasskeyByCredential(svc.db, String(response.id));
  if (!passkey || (memberId !== null && passkey.memberId !== memberId)) return null;
  const rp = relyingParty(svc.config);
  const verified = await verifyAuthenticationResponse({
    response: response as unknown as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    expectedChallenge: challenge, expectedOrigin: rp.origins, expectedRPID: rp.id, credential: credentialOf(passkey), requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) return null;
  await recordPasskeyUse(forTenant(svc.db, passkey.orgId), passkey.id, verified.authenticationInfo.newCounter, svc.clock.now());
  return passkey;
}

/**
 * A member proved by a passkey answer to webauthnSignInOptions, on a door: the second factor of a pending
 * sign-in (after the password or the identity provider), or a sign-in without a password (a discoverable
 * passkey; refused where the organisation has "SSO only" on, but for its break-glass admin). The challenge is
 * spent once; `unauthenticated` when the passkey does not hold or the challenge is unknown, spent, past its 5
 * minutes, or of another door or browser. Starts no session: the adapter does, by door (completeSignIn first).
 */
export async function provePasskey(
  svc: Services, input: { response: unknown; pendingToken?: string; door: ChallengeDoor; sid?: string },
): Promise<ProvedMember> {
  const response = parseResponse(input.response);
  const challenge = challengeOf(response);
  const now = svc.clock.now();
  if (!challenge) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
  if (input.pendingToken) {
    const pending = await livePendingSignIn(svc, { token: input.pendingToken, door: input.door, sid: input.sid });
    if (pending.webauthnChallenge !== challenge) throw new DomainError('unauthenticated', PENDING_EXPIRED);
    const passkey = await verifyAssertion(svc, response, challenge, pending.memberId);
    if (!passkey) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
    if (!(await spendChallenge(svc.db, pending.tokenHash, now))) throw new DomainError('unauthenticated', PENDING_EXPIRED);
    return { ...(await provedBy(svc, passkey, now, false)), firstFactor: pending.firstFactor };
  }
  const hash = sha256Hex(challenge);
  const row = await findChallenge(svc.db, hash, now);
  if (!row || row.purpose !== 'passwordless' || row.door !== input.door || (input.door === 'oauth' && row.sid !== (input.sid ?? null))) {
    throw new DomainError('unauthenticated', PASSKEY_REFUSED);
  }
  if (!(await spendChallenge(svc.db, hash, now))) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
  const passkey = await verifyAssertion(svc, response, challenge, null);
  if (!passkey) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
  const proved = await provedBy(svc, passkey, now, true);
  await refuseUnlessBreakGlass(svc, proved.member);
  return proved;
}

/**
 * verifyWebauthnSignIn in the console: steps up a signed-in session (a step-up challenge of theirs), or
 * completes a pending or passwordless sign-in (provePasskey) and starts a console session.
 */
export async function verifyWebauthnSignIn(
  svc: Services,
  input: { response: unknown; pendingToken?: string; signedIn?: { actor: MemberActor; session: MemberSession } | null; client?: SignInClient },
): Promise<{ signedIn: { session: MemberSession; actor: MemberActor } } | { steppedUpAt: Date }> {
  const client = input.client ?? { address: undefined };
  if (!input.pendingToken) {
    const response = parseResponse(input.response);
    const challenge = challengeOf(response);
    const now = svc.clock.now();
    const row = challenge ? await findChallenge(svc.db, sha256Hex(challenge), now) : null;
    if (row?.purpose === 'step_up') {
      if (!input.signedIn || row.memberId !== input.signedIn.actor.memberId || !(await spendChallenge(svc.db, sha256Hex(challenge!), now))) {
        throw new DomainError('unauthenticated', PASSKEY_REFUSED);
      }
      if (!(await verifyAssertion(svc, response, challenge!, row.memberId))) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
      return { steppedUpAt: await markSecondFactor(svc, { token: input.signedIn.session.token, memberId: row.memberId }) };
    }
  }
  const proved = await provePasskey(svc, { response: input.response, pendingToken: input.pendingToken, door: 'console' });
  return { signedIn: await startConsoleSession(svc, proved, input.signedIn?.session.token, client) };
}

async function provedBy(svc: Services, passkey: FactorRow, at: Date, passwordless: boolean): Promise<ProvedMember> {
  const member = await findSignedInMember(svc, passkey.memberId);
  if (!member) throw new DomainError('unauthenticated', PASSKEY_REFUSED);
  return { member, secondFactorAt: at, method: 'webauthn', passwordless };
}

