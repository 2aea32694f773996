import DataLoader from 'dataloader';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { caseSlas, getSlaPolicy, setSlaPolicy, type CaseSlaView } from '../src/sla/index';
import { actorOf, loaderOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import { CaseSla, caseSlaOf, SlaPolicy, SlaPolicyInput, slaPolicyOf } from './types/sla.type';

/** SLAs in the console: the policy, and each case's SLA (one statement per page of cases). */
@Resolver(() => CaseNode)
export class SlaResolver {
  @Query(() => SlaPolicy, { description: 'The organisation\'s SLA policy (analyst or above); without one, no targets.' })
  async slaPolicy(@Ctx() ctx: GraphqlContext): Promise<SlaPolicy> {
    return slaPolicyOf(await getSlaPolicy(ctx.svc, actorOf(ctx)));
  }

  @Mutation(() => SlaPolicy, {
    description: 'Sets the organisation\'s SLA policy (compliance_admin; audited): targets per open status, business hours, pausing while the case waits on the customer. '
      + 'Every open case\'s clock takes it at once. BAD_USER_INPUT lists every problem with its path.',
  })
  async setSlaPolicy(@Ctx() ctx: GraphqlContext, @Arg('input', () => SlaPolicyInput) input: SlaPolicyInput): Promise<SlaPolicy> {
    return slaPolicyOf(await setSlaPolicy(ctx.svc, actorOf(ctx), {
      targets: input.targets.map((t) => ({ status: t.status, hours: t.hours })),
      businessHours: input.businessHours ? { timezone: input.businessHours.timezone, days: input.businessHours.days, from: input.businessHours.from, to: input.businessHours.to } : null,
      pauseWhileAwaitingCustomer: input.pauseWhileAwaitingCustomer,
    }));
  }

  @FieldResolver(() => CaseSla, { nullable: true, description: 'The SLA of the case\'s current status: null for a closed case, or when its status has no target.' })
  sla(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): CaseSla | null | Promise<CaseSla | null> {
    return resolveCaseSla(c, ctx);
  }
}

/**
 * Case.sla. The schema calls it directly (schema.ts sets it as the field's resolver), not through type-graphql's
 * handler, which on every call looks up the resolver's instance and sorts and maps its parameter list: for the 50
 * cases of a list page that was a twelfth of what the request allocated, for nothing (no middlewares, auth checker
 * or validation are configured). A case of the list carries the SLA its page read (listConsoleCases withSla) and
 * is answered at once, not through a promise per case (each would make the executor's path for the field
 * asynchronous); any other case through the request's loader (one statement per page of cases).
 */
export function resolveCaseSla(c: CaseRoot, ctx: GraphqlContext): CaseSla | null | Promise<CaseSla | null> {
  const listed = (c as { sla?: CaseSlaView | null }).sla;
  if (listed !== undefined) return listed ? caseSlaOf(listed) : null;
  return caseSlaLoader(ctx).load(c.caseId).then((v) => (v ? caseSlaOf(v) : null));
}

/** The request's loader of cases' SLAs (one statement per page of cases), for cases that do not carry theirs (the list's do). */
const caseSlaLoader = (ctx: GraphqlContext) =>
  loaderOf(ctx, 'case.sla', () => new DataLoader<string, CaseSlaView | null>((ids) => caseSlas(ctx.svc, actorOf(ctx), [...ids])));
