import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { bulkAssignCases, bulkTagCases, CASE_TAG_DESCRIPTION, MAX_BULK_CASES } from '../src/cases/index';
import { actorOf, type GraphqlContext } from './context';
import { BulkCasesAnswer, bulkCasesAnswerOf } from './types/bulk-cases.type';

const CASE_IDS = `The cases (1 to ${MAX_BULK_CASES} case ids; duplicates count once). More, or none, is BAD_USER_INPUT on caseIds and changes nothing.`;

/** The case list's bulk actions: each case is done as its single action would do it, in a transaction of its own. */
@Resolver()
export class BulkCasesResolver {
  @Mutation(() => BulkCasesAnswer, {
    description: 'Assigns the cases to a current member (ownerId), or with ownerId null clears their owners (analyst and up). Each case as assignCaseOwner: '
      + 'owner.changed per case that changed (changedBy the caller); an unknown ownerId is NOT_FOUND and changes nothing; a case that cannot be assigned is refused in the answer.',
  })
  async bulkAssignCases(
    @Ctx() ctx: GraphqlContext,
    @Arg('caseIds', () => [String], { description: CASE_IDS }) caseIds: string[],
    @Arg('ownerId', () => ID, { nullable: true }) ownerId: string | null,
  ): Promise<BulkCasesAnswer> {
    return bulkCasesAnswerOf(await bulkAssignCases(ctx.svc, actorOf(ctx), { caseIds, ownerId: ownerId ?? null }));
  }

  @Mutation(() => BulkCasesAnswer, {
    description: 'Adds tags to and removes tags from the cases (analyst and up), as setCaseTags would (no event, updatedAt unchanged). '
      + 'A case that would carry too many tags is refused (reason too_many_tags) and keeps its own.',
  })
  async bulkTagCases(
    @Ctx() ctx: GraphqlContext,
    @Arg('caseIds', () => [String], { description: CASE_IDS }) caseIds: string[],
    @Arg('add', () => [String], { nullable: true, description: `Tags to add. ${CASE_TAG_DESCRIPTION}` }) add: string[] | null,
    @Arg('remove', () => [String], { nullable: true, description: 'Tags to remove (the same rules); a tag may not be in both lists.' }) remove: string[] | null,
  ): Promise<BulkCasesAnswer> {
    return bulkCasesAnswerOf(await bulkTagCases(ctx.svc, actorOf(ctx), { caseIds, add: add ?? [], remove: remove ?? [] }));
  }
}
