import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { signAuditHead, verifyAuditLog } from '../src/audit-seal/index';
import { actorOf, type GraphqlContext } from './context';
import { AuditLogVerificationResult, auditLogVerificationOf, SignedAuditHeadResult, signedAuditHeadOf } from './types/audit-chain.type';

/** The tamper-evident audit log: verifying the chain and signing its head (docs/evidence-and-retention.md). */
@Resolver()
export class AuditChainResolver {
  @Query(() => AuditLogVerificationResult, {
    description: 'Verifies the organisation\'s audit chain (compliance_admin): every entry\'s hash and link, and that the latest signed head is '
      + 'still on the chain. Reports the first broken link.',
  })
  async verifyAuditLog(@Ctx() ctx: GraphqlContext): Promise<AuditLogVerificationResult> {
    return auditLogVerificationOf(await verifyAuditLog(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => SignedAuditHeadResult, {
    nullable: true,
    description: 'Signs the audit chain\'s head now (compliance_admin; the worker also signs it daily). Null when the log is empty.',
  })
  async signAuditHead(@Ctx() ctx: GraphqlContext): Promise<SignedAuditHeadResult | null> {
    const signed = await signAuditHead(ctx.svc, actorOf(ctx));
    return signed && signedAuditHeadOf(signed);
  }
}
