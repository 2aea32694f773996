import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { deleteCaseView, listCaseViews, saveCaseView, setCaseTags } from '../src/cases/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseFilter, CaseListViewNode, caseListViewNodeOf, CaseNode, caseNodeOf, TAGS_ARG_DESCRIPTION } from './types/case.type';

/** The case list as a work queue: tags on cases, and views of the list (built in, and saved for the organisation). */
@Resolver()
export class CaseViewsResolver {
  @Query(() => [CaseListViewNode], { description: 'The views of the case list: the built-in ones (Mine, Needs a decision, Unassigned, Breaching SLA), then the saved ones by name.' })
  async caseViews(@Ctx() ctx: GraphqlContext): Promise<CaseListViewNode[]> {
    return (await listCaseViews(ctx.svc, actorOf(ctx))).map(caseListViewNodeOf);
  }

  @Mutation(() => CaseListViewNode, {
    description: 'Saves a filter of the case list as a view shared in the organisation (analyst or above). The name (1 to 80 characters) is unique in the organisation: a taken one is CONFLICT. updatedSince is not kept.',
  })
  async saveCaseView(@Ctx() ctx: GraphqlContext, @Arg('name') name: string, @Arg('filter', () => CaseFilter) filter: CaseFilter): Promise<CaseListViewNode> {
    const view = await saveCaseView(ctx.svc, actorOf(ctx), {
      name,
      filter: {
        statuses: filter.status ?? undefined, search: filter.search ?? undefined, source: filter.source ?? undefined, crmSource: filter.crmSource ?? undefined,
        ownerId: filter.ownerId ?? undefined, assignee: filter.assignee ?? undefined, riskBand: filter.riskBand ?? undefined, tags: filter.tags ?? undefined,
        slaStates: filter.slaStates ?? undefined, updatedSince: filter.updatedSince ?? undefined,
      },
    });
    return caseListViewNodeOf(view);
  }

  @Mutation(() => Boolean, { description: 'Deletes a saved view: the member who saved it, or an admin. A built-in view is NOT_FOUND.' })
  async deleteCaseView(@Ctx() ctx: GraphqlContext, @Arg('viewId', () => ID) viewId: string): Promise<boolean> {
    await deleteCaseView(ctx.svc, actorOf(ctx), { viewId });
    return true;
  }

  @Mutation(() => CaseNode, { description: 'Sets the case\'s tags (analyst or above): list filters of the console; no event, updatedAt unchanged.' })
  async setCaseTags(
    @Ctx() ctx: GraphqlContext, @Arg('caseId') caseId: string, @Arg('tags', () => [String], { description: TAGS_ARG_DESCRIPTION }) tags: string[],
  ): Promise<CaseNode> {
    return caseNodeOf(await setCaseTags(ctx.svc, actorOf(ctx), { caseId, tags }));
  }
}
