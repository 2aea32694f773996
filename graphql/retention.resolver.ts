import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { getCaseRetention, getRetentionPolicy, releaseLegalHold, setLegalHold, setRetentionPolicy } from '../src/retention/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode } from './types/case.type';
import {
  CaseRetention, caseRetentionOf, LegalHold, legalHoldOf, LegalHoldRelease, RetentionPolicy, RetentionPolicyInput, retentionPolicyOf,
} from './types/retention.type';

/** Retention schedules and legal holds (docs/evidence-and-retention.md). */
@Resolver()
export class RetentionResolver {
  @Query(() => RetentionPolicy, { description: 'The retention schedule (compliance_admin).' })
  async retentionPolicy(@Ctx() ctx: GraphqlContext): Promise<RetentionPolicy> {
    return retentionPolicyOf(await getRetentionPolicy(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => RetentionPolicy, { description: 'Sets the retention schedule (compliance_admin). Audited; a new version per change. BAD_USER_INPUT names each bad field.' })
  async setRetentionPolicy(@Ctx() ctx: GraphqlContext, @Arg('input', () => RetentionPolicyInput) input: RetentionPolicyInput): Promise<RetentionPolicy> {
    return retentionPolicyOf(await setRetentionPolicy(ctx.svc, actorOf(ctx), input));
  }

  @Mutation(() => LegalHold, { description: 'Places a legal hold on a case (mlro): no purge of any kind until released. Audited. Already on hold: CONFLICT.' })
  async setLegalHold(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('reason') reason: string): Promise<LegalHold> {
    return legalHoldOf(await setLegalHold(ctx.svc, actorOf(ctx), { caseId, reason }));
  }

  @Mutation(() => LegalHoldRelease, { description: 'Releases a case\'s legal hold (mlro). Audited. Not on hold: CONFLICT.' })
  async releaseLegalHold(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string): Promise<LegalHoldRelease> {
    return releaseLegalHold(ctx.svc, actorOf(ctx), { caseId });
  }
}

/** The case's retention standing: legal hold, period, deletion certificate. */
@Resolver(() => CaseNode)
export class CaseRetentionResolver {
  @FieldResolver(() => CaseRetention, { description: 'Legal hold, retention period and, once purged, the signed deletion certificate.' })
  async retention(@Root() c: CaseNode, @Ctx() ctx: GraphqlContext): Promise<CaseRetention> {
    return caseRetentionOf((await getCaseRetention(ctx.svc, actorOf(ctx), c.caseId))!);
  }
}
