import DataLoader from 'dataloader';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Query, Resolver, Root } from 'type-graphql';
import { listCaseAssistantReads } from '../src/assistant/index';
import { findConsoleCase, listCaseTags, listCaseTimeline, listConsoleCases } from '../src/cases/index';
import { loadCaseParts, type CasePart, type CaseParts } from '../src/decisions/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, loaderOf, type GraphqlContext } from './context';
import {
  AssistantRead, AssistantReadConnection, CaseConnection, CaseDocument, CaseFilter, CaseNode, caseNodeOf, CaseSort, Decision, Party, ScreeningHit, TimelineEvent, TimelineEventConnection, type CaseRoot,
} from './types/case.type';

/**
 * The request's loader of one part of cases (decision, documents ...): every case of a page asking for
 * it in the same tick is read with one statement (loadCaseParts), so a page costs a fixed number of
 * queries whatever its size.
 */
function partLoader<P extends CasePart>(ctx: GraphqlContext, part: P): DataLoader<string, CaseParts[P]> {
  return loaderOf(ctx, `case.${part}`, () => new DataLoader<string, CaseParts[P]>((caseIds) => loadCaseParts(ctx.svc, actorOf(ctx), part, [...caseIds])));
}

/** Whether the selection asks for `path` (fields by name, through fragments), e.g. edges > node > decision. */
function selects(info: GraphQLResolveInfo, path: string[]): boolean {
  const within = (set: SelectionSetNode | undefined, rest: string[]): boolean => {
    if (!set) return false;
    return set.selections.some((sel) => {
      if (sel.kind === Kind.FIELD) return sel.name.value === rest[0] && (rest.length === 1 || within(sel.selectionSet, rest.slice(1)));
      if (sel.kind === Kind.INLINE_FRAGMENT) return within(sel.selectionSet, rest);
      return within(info.fragments[sel.name.value]?.selectionSet, rest);
    });
  };
  return info.fieldNodes.some((node) => within(node.selectionSet, path));
}

@Resolver(() => CaseNode)
export class CasesResolver {
  @Query(() => CaseConnection, {
    complexity: connectionComplexity,
    description: 'The organisation\'s cases, newest first by creation unless `sort` says otherwise, keyset-paged (first: default 50, above 200 read as 200): '
      + 'in creation order paging never skips nor repeats a case that did not change. totalCount counts the cases the filters select, up to 1,000 (totalCountCapped past it).',
  })
  async cases(
    @Ctx() ctx: GraphqlContext,
    @Info() info: GraphQLResolveInfo,
    @Args() page: PageArgs,
    @Arg('filter', () => CaseFilter, { nullable: true }) filter?: CaseFilter | null,
    @Arg('sort', () => CaseSort, { nullable: true }) sort?: CaseSort | null,
  ): Promise<CaseConnection> {
    const actor = actorOf(ctx);
    // Asked for the cases' decisions: the page reads them with its own statement and primes the loader.
    const withDecision = selects(info, ['edges', 'node', 'decision']);
    // Asked for their SLAs: the same, each row carrying its own (Case.sla answers from it; src/sla's caseSlas reads
    // what the page's join read).
    const withSla = selects(info, ['edges', 'node', 'sla']);
    const result = await listConsoleCases(ctx.svc, actor, {
      ...pageInput(page),
      statuses: filter?.status ?? undefined,
      search: filter?.search ?? undefined,
      source: filter?.source ?? undefined,
      crmSource: filter?.crmSource ?? undefined,
      ownerId: filter?.ownerId ?? undefined,
      riskBand: filter?.riskBand ?? undefined,
      updatedSince: filter?.updatedSince ?? undefined,
      assignee: filter?.assignee ?? undefined,
      tags: filter?.tags ?? undefined,
      slaStates: filter?.slaStates ?? undefined,
      sort: sort ? { by: sort.by, direction: sort.direction ?? 'desc' } : undefined,
      withDecision,
      withSla,
      withTotal: selects(info, ['totalCount']) || selects(info, ['totalCountCapped']),
    });
    if (withDecision) {
      const loader = partLoader(ctx, 'decision');
      for (const c of result.data) loader.prime(c.caseId, c.decision ?? null);
    }
    return { ...toConnection(result, caseNodeOf), totalCount: result.totalCount ?? 0, totalCountCapped: result.totalCountCapped ?? false };
  }

  @Query(() => [String], { description: 'The tags in use on the organisation\'s cases, alphabetically (at most 200): the choices of the tag filter.' })
  caseTags(@Ctx() ctx: GraphqlContext): Promise<string[]> {
    return listCaseTags(ctx.svc, actorOf(ctx));
  }

  @Query(() => CaseNode, { nullable: true, description: 'One case; null for an id that does not exist or is another organisation\'s.' })
  async case(@Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string): Promise<CaseNode | null> {
    const c = await findConsoleCase(ctx.svc, actorOf(ctx), caseId);
    return c ? caseNodeOf(c) : null;
  }

  @FieldResolver(() => Decision, { nullable: true, description: 'The current (latest) decision.' })
  decision(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<Decision | null> {
    return partLoader(ctx, 'decision').load(c.caseId);
  }

  @FieldResolver(() => [Decision], { description: 'Every decision, newest first.' })
  decisions(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<Decision[]> {
    return partLoader(ctx, 'decisions').load(c.caseId);
  }

  @FieldResolver(() => [CaseDocument], { description: 'Every document with its extracted data, oldest first.' })
  documents(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CaseDocument[]> {
    return partLoader(ctx, 'documents').load(c.caseId);
  }

  @FieldResolver(() => [ScreeningHit], { description: 'Every screening hit, newest first.' })
  screeningHits(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<ScreeningHit[]> {
    return partLoader(ctx, 'screeningHits').load(c.caseId);
  }

  @FieldResolver(() => [Party], { description: 'Directors, then UBOs, each by position.' })
  parties(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<Party[]> {
    return partLoader(ctx, 'parties').load(c.caseId);
  }

  @FieldResolver(() => TimelineEventConnection, {
    complexity: connectionComplexity,
    description: "The case's events, newest first, with their payloads (as /v1/events and webhooks carry them).",
  })
  async timeline(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext, @Args() page: PageArgs): Promise<Connection<TimelineEvent>> {
    const result = await listCaseTimeline(ctx.svc, actorOf(ctx), c.caseId, pageInput(page));
    return toConnection(result, (e) => ({
      eventId: e.eventId, eventType: e.eventType, eventVersion: e.eventVersion, occurredAt: e.occurredAt, caseSequence: e.caseSequence, payload: e.data,
    }));
  }

  @FieldResolver(() => AssistantReadConnection, {
    complexity: connectionComplexity,
    description: 'Every read of the case by an AI assistant (MCP tool calls of connected apps), newest first: the timeline\'s "Accessed by AI assistant" entries.',
  })
  async assistantReads(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext, @Args() page: PageArgs): Promise<Connection<AssistantRead>> {
    const result = await listCaseAssistantReads(ctx.svc, actorOf(ctx), c.caseId, pageInput(page));
    return toConnection(result, (r) => ({
      readId: String(r.readId), tool: r.tool, arguments: r.arguments, outcome: r.outcome, calledAt: r.calledAt, appName: r.appName, clientId: r.clientId, memberEmail: r.memberEmail,
    }));
  }
}
