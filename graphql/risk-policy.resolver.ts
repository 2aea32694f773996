import DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { DomainError } from '../src/platform/index';
import { dryRunPolicy, getDecisionPolicy, previewDecisionPolicy, latestRoutings, updateDecisionPolicy, type RoutingView } from '../src/policy/index';
import { getRiskModel, latestRiskAssessments, recomputeRisk, updateRiskModel, type RiskAssessmentView } from '../src/risk/index';
import { actorOf, loaderOf, type GraphqlContext } from './context';
import { CaseNode, caseNodeOf, type CaseRoot } from './types/case.type';
import {
  DecisionPolicy, DecisionPolicyInput, decisionPolicyOf, DecisionPolicyPreview, PolicyDryRun, policyDryRunOf, RiskAssessment, riskAssessmentOf, RiskModel, RiskModelInput,
  riskModelOf, Routing, routingOf,
} from './types/risk-policy.type';

/** JSON text of an input field, or BAD_USER_INPUT naming the field. */
function parseJson(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw DomainError.validation([{ path, message: 'must be valid JSON' }]);
  }
}

/**
 * The risk model and the decision policy in the console: viewing and editing them (compliance_admin;
 * each edit a new version, audited), re-scoring a case, dry-running a policy against a case, and each
 * case's latest assessment and routing (read for a whole page at once).
 */
@Resolver(() => CaseNode)
export class RiskPolicyResolver {
  @Query(() => RiskModel, { description: 'The organisation\'s active risk model (the default, stored as version 1, until it is edited).' })
  async riskModel(@Ctx() ctx: GraphqlContext): Promise<RiskModel> {
    return riskModelOf(await getRiskModel(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => RiskModel, { description: 'Stores a new version of the risk model (compliance_admin); BAD_USER_INPUT lists every problem with its path. Audited.' })
  async updateRiskModel(@Ctx() ctx: GraphqlContext, @Arg('input', () => RiskModelInput) input: RiskModelInput): Promise<RiskModel> {
    const actor = actorOf(ctx);
    return riskModelOf(await updateRiskModel(ctx.svc, actor, parseJson('definition', input.definition)));
  }

  @Mutation(() => CaseNode, { description: 'Re-scores a case under the current risk model (risk.assessed with assessedBy the analyst).' })
  async recomputeRisk(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string): Promise<CaseNode> {
    return caseNodeOf(await recomputeRisk(ctx.svc, actorOf(ctx), { caseId }));
  }

  @Query(() => DecisionPolicy, { description: 'The organisation\'s active decision policy (the default, stored as version 1, until it is edited).' })
  async decisionPolicy(@Ctx() ctx: GraphqlContext): Promise<DecisionPolicy> {
    return decisionPolicyOf(await getDecisionPolicy(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => DecisionPolicy, { description: 'Stores a new version of the decision policy (compliance_admin); BAD_USER_INPUT lists every problem with its path. Audited.' })
  async updateDecisionPolicy(@Ctx() ctx: GraphqlContext, @Arg('input', () => DecisionPolicyInput) input: DecisionPolicyInput): Promise<DecisionPolicy> {
    const actor = actorOf(ctx);
    return decisionPolicyOf(await updateDecisionPolicy(ctx.svc, actor, {
      name: input.name, rules: parseJson('rules', input.rules), defaultOutcome: input.defaultOutcome, minimumAge: input.minimumAge,
      individualEntityTypes: input.individualEntityTypes,
      ...(input.eddItems == null ? {} : { eddItems: parseJson('eddItems', input.eddItems) }),
    }));
  }

  @Mutation(() => PolicyDryRun, {
    description: 'Evaluates the active policy, or a draft (rules: JSON text, a list of rules or a partial policy object), against a case; records nothing.',
  })
  async dryRunDecisionPolicy(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('rules', () => String, { nullable: true }) rules?: string | null,
  ): Promise<PolicyDryRun> {
    const actor = actorOf(ctx);
    const draft = rules === undefined || rules === null ? undefined : parseJson('rules', rules);
    return policyDryRunOf(await dryRunPolicy(ctx.svc, actor, { caseId, rules: draft }));
  }

  @Mutation(() => DecisionPolicyPreview, {
    description: 'Where the active policy, or a draft (JSON text of a policy object whose fields replace the active one\'s), would route each of the newest 200 open cases, and by which rule; records nothing.',
  })
  async previewDecisionPolicy(@Ctx() ctx: GraphqlContext, @Arg('draft', () => String, { nullable: true }) draft?: string | null): Promise<DecisionPolicyPreview> {
    const actor = actorOf(ctx);
    return previewDecisionPolicy(ctx.svc, actor, { draft: draft === undefined || draft === null ? undefined : parseJson('draft', draft) });
  }

  @FieldResolver(() => RiskAssessment, { nullable: true, description: 'The latest risk assessment with its factor breakdown.' })
  async riskAssessment(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<RiskAssessment | null> {
    const loader = loaderOf(ctx, 'case.riskAssessment', () => new DataLoader<string, RiskAssessmentView | null>((ids) => latestRiskAssessments(ctx.svc, actorOf(ctx), [...ids])));
    const a = await loader.load(c.caseId);
    return a ? riskAssessmentOf(a) : null;
  }

  @FieldResolver(() => Routing, { nullable: true, description: 'The latest decision-policy routing (outcome, policy, matched rule).' })
  async routing(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<Routing | null> {
    const loader = loaderOf(ctx, 'case.routing', () => new DataLoader<string, RoutingView | null>((ids) => latestRoutings(ctx.svc, actorOf(ctx), [...ids])));
    const r = await loader.load(c.caseId);
    return r ? routingOf(r) : null;
  }
}
