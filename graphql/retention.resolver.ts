import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { getCaseRetention, getRetentionPolicy, listErasureRequests, planSubjectAccess, releaseLegalHold, requestErasure, setLegalHold, setRetentionPolicy } from '../src/retention/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import {
  CaseRetention, caseRetentionOf, ErasureRequestConnection, type ErasureRequestItem, SubjectAccessDownload, SubjectAccessInput, ErasureRequestInput, ErasureRequestResult, LegalHold, legalHoldOf, LegalHoldRelease, RetentionPolicy, RetentionPolicyInput, retentionPolicyOf,
} from './types/retention.type';

/** Retention schedules and legal holds (docs/evidence-and-retention.md). */
@Resolver()
export class RetentionResolver {
  @Query(() => RetentionPolicy, { description: 'The retention schedule (any member; only a compliance_admin changes it).' })
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

  @Mutation(() => SubjectAccessDownload, {
    description: 'A data subject\'s access request (compliance_admin): the download of a ZIP of everything held on the person across the cases '
      + '(streamed at the URL answered; audited when downloaded). Exactly one of email or personId.',
  })
  subjectAccessExport(@Ctx() ctx: GraphqlContext, @Arg('input', () => SubjectAccessInput) input: SubjectAccessInput): SubjectAccessDownload {
    return planSubjectAccess(actorOf(ctx), input);
  }

  @Mutation(() => ErasureRequestResult, {
    description: 'A data subject\'s erasure request (compliance_admin): one decision per case of the person, erased now where nothing obliges '
      + 'keeping it, else retained with its legal basis (and erased by the sweep on its date). Every step audited.',
  })
  async requestErasure(@Ctx() ctx: GraphqlContext, @Arg('input', () => ErasureRequestInput) input: ErasureRequestInput): Promise<ErasureRequestResult> {
    return requestErasure(ctx.svc, actorOf(ctx), input);
  }

  @Query(() => ErasureRequestConnection, {
    complexity: connectionComplexity,
    description: 'The organisation\'s erasure requests, newest first (compliance_admin), each with its decision per case as it stands now.',
  })
  async erasureRequests(@Ctx() ctx: GraphqlContext, @Args() page: PageArgs): Promise<Connection<ErasureRequestItem>> {
    const { limit, cursor } = pageInput(page);
    return toConnection(await listErasureRequests(ctx.svc, actorOf(ctx), { limit, cursor }, { edgeCursors: true }), (r) => ({ ...r }));
  }
}

/** The case's retention standing: legal hold, period, deletion certificate. */
@Resolver(() => CaseNode)
export class CaseRetentionResolver {
  @FieldResolver(() => CaseRetention, { description: 'Legal hold, retention period and, once purged, the signed deletion certificate.' })
  async retention(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CaseRetention> {
    return caseRetentionOf((await getCaseRetention(ctx.svc, actorOf(ctx), c.caseId))!);
  }
}
