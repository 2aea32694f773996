import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import { assignCaseOwner, findConsoleCase } from '../src/cases/index';
import { openCase } from '../src/onboarding/index';
import { approveDecisionOverride, decideCase, escalateCase, getCaseViewerCan, getPendingDecisionOverride, listDecisionBlockers, rejectDecisionOverride, reopenCase, respondToEscalation } from '../src/decisions/index';
import { overrideDocumentStatus } from '../src/documents/index';
import { actorOf, type GraphqlContext } from './context';
import {
  CaseDocument, CaseNode, caseNodeOf, CaseViewerCan, CreateCaseInput, DecisionBlocker, DecisionOutcomeEnum, PendingDecisionOverride, DocumentOverrideStatusEnum, RecommendationEnum,
  type DecisionOutcome, type DocumentOverrideStatus, type Recommendation, type CaseRoot,
} from './types/case.type';

/**
 * Case work in the console. Each mutation is one domain use case: it checks the member's role, locks
 * the case, moves it as decisions.md allows (anything else is CONFLICT naming the current status) and
 * records its events in the same transaction.
 */
@Resolver(() => CaseNode)
export class CaseWorkResolver {
  @Mutation(() => CaseNode, { description: 'Opens a case by hand: CS-<year>-<00000>, case.created with source manual and createdBy; optionally emails the invite.' })
  async createCase(@Ctx() ctx: GraphqlContext, @Arg('input', () => CreateCaseInput) input: CreateCaseInput): Promise<CaseNode> {
    const actor = actorOf(ctx);
    const { caseId } = await openCase(ctx.svc, actor, {
      source: 'manual', companyName: input.companyName, customerEmail: input.customerEmail?.trim() || null, customerName: input.customerName ?? null,
      country: input.country ?? null, companyNumber: input.companyNumber ?? null, sendInvite: input.sendInvite ?? false,
    });
    return caseNodeOf((await findConsoleCase(ctx.svc, actor, caseId))!);
  }

  @Mutation(() => CaseNode, { description: 'Assigns the case to a current member of the organisation, or with memberId null clears its owner (owner.changed).' })
  async assignCaseOwner(
    @Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('memberId', () => ID, { nullable: true }) memberId: string | null,
  ): Promise<CaseNode> {
    return caseNodeOf(await assignCaseOwner(ctx.svc, actorOf(ctx), { caseId, memberId: memberId ?? null }));
  }

  @Mutation(() => CaseNode, {
    description: 'Approves or declines a case in_review or returned: case.decision.made, case.status.changed and, with full-parity egress, case.data_package.delivered. '
      + 'Approving while decisionBlockers is not empty needs overrideReason; with four-eyes on it then waits for another member (pendingDecisionOverride).',
  })
  async decideCase(
    @Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('outcome', () => DecisionOutcomeEnum) outcome: DecisionOutcome,
    @Arg('notes') notes: string,
    @Arg('overrideReason', () => String, {
      nullable: true,
      description: 'Needed to approve while decisionBlockers is not empty (else CONFLICT, reason decision_blocked); up to 2000 characters. Kept with the decision and in the audit log; with four-eyes on the approval waits for another member (pendingDecisionOverride).',
    }) overrideReason?: string | null,
  ): Promise<CaseNode> {
    return caseNodeOf(await decideCase(ctx.svc, actorOf(ctx), { caseId, outcome, notes, overrideReason }));
  }

  @Mutation(() => CaseNode, {
    description: 'Another member approves the case\'s pending override (four-eyes): the approval takes effect as its requester\'s decision (case.decision.made ...). The requester may not.',
  })
  async approveDecisionOverride(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string): Promise<CaseNode> {
    return caseNodeOf(await approveDecisionOverride(ctx.svc, actorOf(ctx), { caseId }));
  }

  @Mutation(() => CaseNode, { description: 'Another member rejects the case\'s pending override (four-eyes): the case stays undecided. The requester may not.' })
  async rejectDecisionOverride(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string): Promise<CaseNode> {
    return caseNodeOf(await rejectDecisionOverride(ctx.svc, actorOf(ctx), { caseId }));
  }

  @FieldResolver(() => [DecisionBlocker], {
    description: 'The open checks that keep the case from being approved without an override reason: people not verified, hits without a disposition, documents in error, outstanding EDD, no routing yet.',
  })
  decisionBlockers(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<DecisionBlocker[]> {
    return listDecisionBlockers(ctx.svc, actorOf(ctx), c.caseId);
  }

  @FieldResolver(() => PendingDecisionOverride, { nullable: true, description: 'An approval over open checks waiting for a second member (four-eyes); null when none.' })
  pendingDecisionOverride(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<PendingDecisionOverride | null> {
    return getPendingDecisionOverride(ctx.svc, actorOf(ctx), c.caseId);
  }

  @FieldResolver(() => CaseViewerCan, { description: 'What the signed-in member may do to the case now (the console shows only these actions).' })
  viewerCan(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CaseViewerCan> {
    return getCaseViewerCan(ctx.svc, actorOf(ctx), c);
  }

  @Mutation(() => CaseNode, { description: 'Escalates a case in_review or returned to senior review: escalation.created and case.status.changed to pending_senior.' })
  async escalateCase(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('note') note: string): Promise<CaseNode> {
    return caseNodeOf(await escalateCase(ctx.svc, actorOf(ctx), { caseId, note }));
  }

  @Mutation(() => CaseNode, {
    description: 'The MLRO answers an escalation (case pending_senior): escalation.responded and case.status.changed to returned with the recommendation.',
  })
  async respondToEscalation(
    @Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('recommendation', () => RecommendationEnum) recommendation: Recommendation,
    @Arg('note') note: string,
  ): Promise<CaseNode> {
    return caseNodeOf(await respondToEscalation(ctx.svc, actorOf(ctx), { caseId, recommendation, note }));
  }

  @Mutation(() => CaseNode, { description: 'Reopens an approved or declined case (mlro): back to in_review, case.status.changed; the reason goes to the audit log.' })
  async reopenCase(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('reason') reason: string): Promise<CaseNode> {
    return caseNodeOf(await reopenCase(ctx.svc, actorOf(ctx), { caseId, reason }));
  }

  @Mutation(() => CaseDocument, {
    description: 'Overrides a document in error: approved (note required) or escalated (reason required); data.corrected with source analyst_override.',
  })
  async overrideDocumentStatus(
    @Ctx() ctx: GraphqlContext, @Arg('documentId', () => Int) documentId: number,
    @Arg('status', () => DocumentOverrideStatusEnum) status: DocumentOverrideStatus,
    @Arg('note', () => String, { nullable: true }) note: string | null, @Arg('reason', () => String, { nullable: true }) reason: string | null,
  ): Promise<CaseDocument> {
    return overrideDocumentStatus(ctx.svc, actorOf(ctx), { documentId: String(documentId), status, note, reason });
  }
}
