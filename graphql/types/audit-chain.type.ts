import { Field, Int, ObjectType } from 'type-graphql';
import type { AuditLogVerification, SignedAuditHead } from '../../src/audit-seal/index';

@ObjectType({ description: 'The first link of the audit chain that does not hold.' })
export class AuditChainBreak {
  @Field(() => Int, { description: 'The seq of the first entry (or signed head) that does not hold.' }) seq!: number;
  @Field({
    description: 'hash_mismatch (the entry was changed), prev_hash_mismatch (an entry before it was changed or removed), missing_entry, '
      + 'head_mismatch (entries at the end deleted), signed_head_mismatch (the chain was rewritten up to a signed head), '
      + 'signed_head_missing_entry, signed_head_invalid (the signature does not verify).',
  }) problem!: string;
  @Field({ description: 'One sentence saying what is wrong.' }) message!: string;
}

@ObjectType({ description: 'A signed head of the audit chain: the chain at seq ended in hash, signed with the service key.' })
export class AuditSignedHead {
  @Field(() => Int) seq!: number;
  @Field() hash!: string;
  @Field() signedAt!: Date;
  @Field({ description: 'Whether the entry at seq still carries the signed hash (false: the chain was rewritten).' }) onChain!: boolean;
}

@ObjectType({ description: 'The result of verifying the organisation\'s audit chain.' })
export class AuditLogVerificationResult {
  @Field({ description: 'Every link holds and the latest signed head is still on the chain.' }) valid!: boolean;
  @Field(() => Int, { description: 'Entries checked.' }) entries!: number;
  @Field(() => Int) headSeq!: number;
  @Field() headHash!: string;
  @Field(() => AuditChainBreak, { nullable: true, description: 'The first broken link; null when valid.' }) broken!: AuditChainBreak | null;
  @Field(() => AuditSignedHead, { nullable: true, description: 'The latest signed head checked; null when none was signed yet.' }) signedHead!: AuditSignedHead | null;
}

export function auditLogVerificationOf(v: AuditLogVerification): AuditLogVerificationResult {
  return { valid: v.valid, entries: v.entries, headSeq: v.headSeq, headHash: v.headHash, broken: v.broken, signedHead: v.signedHead };
}

@ObjectType({ description: 'The audit chain head as signed (JWS, verifiable against /v1/oauth/jwks.json).' })
export class SignedAuditHeadResult {
  @Field(() => Int) seq!: number;
  @Field() hash!: string;
  @Field({ description: 'Compact JWS (ES256) over {orgId, seq, hash, signedAt}.' }) jws!: string;
  @Field() signedAt!: Date;
  @Field({ description: 'False when this head was already signed (the existing signature is returned).' }) signedNow!: boolean;
}

export const signedAuditHeadOf = (h: SignedAuditHead): SignedAuditHeadResult => ({ ...h });
