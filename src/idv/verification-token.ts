import { nowForCase } from '../cases/index';
import { forTenant } from '../db/index';
import type { Queryable } from '../db/queryable';
import type { Clock } from '../ports';
import { DomainError } from '../errors';
import { sha256Hex } from '../security/tokens';
import { findVerificationByTokenHash, type Verification } from './verifications.repository';

/** A verification link's token: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const LINK_NOT_VALID = 'This verification link is not valid: it has been used, replaced by a newer link, or mistyped. Ask the company for a new link.';

/**
 * The open verification a link's token opens (the token is the credential: the person is not signed in).
 * Only the SHA-256 of a token is stored, and it is looked up by that hash; a used (completed), replaced
 * (resent) or expired link opens nothing: expired at now for its case (nowForCase: a test case's link runs on
 * the tenant's test clock). `lock` takes the row's lock in a transaction.
 */
export async function openVerificationByToken(svc: { clock: Clock }, db: Queryable, token: unknown, lock = false): Promise<Verification> {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new DomainError('not_found', LINK_NOT_VALID);
  const v = await findVerificationByTokenHash(db, sha256Hex(token), lock);
  if (!v || (v.state !== 'link_sent' && v.state !== 'in_progress')) throw new DomainError('not_found', LINK_NOT_VALID);
  if (v.tokenExpiresAt && v.tokenExpiresAt.getTime() <= (await nowForCase(svc, forTenant(db, v.orgId), Number(v.casePk))).getTime()) {
    throw new DomainError('not_found', 'This verification link has expired. Ask the company for a new link.');
  }
  return v;
}
