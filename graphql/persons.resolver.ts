import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  attachPersonDocument, getPerson, getPersonReuseWindow, listCasePeople, listPersons, markPersonNew, setPersonReuseWindow, unlinkPerson,
} from '../src/persons/index';
import { linkCasePerson } from '../src/idv/index';
import { LimitSchema } from '../src/pagination/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import { CasePeople, casePeopleOf, PersonDetail, personDetailOf, PersonList, personOf } from './types/person.type';

/**
 * The person registry in the console: persons and one person with their cases and documents, a case's
 * people with their links or proposals, linking, unlinking (with a reason), marking new, attaching an
 * ID document, and the organisation's reuse window.
 */
@Resolver(() => CaseNode)
export class PersonsResolver {
  @Query(() => PersonList, { description: 'The organisation\'s persons, newest first; `search` matches a name or an email (case-insensitive).' })
  async persons(
    @Ctx() ctx: GraphqlContext,
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('first', () => Int, { nullable: true, description: LimitSchema.description }) first: number | null,
    @Arg('after', () => Int, { nullable: true, description: 'The last personId of the previous page.' }) after: number | null,
  ): Promise<PersonList> {
    const page = await listPersons(ctx.svc, actorOf(ctx), { search, first, after });
    return { nodes: page.persons.map(personOf), hasMore: page.hasMore };
  }

  @Query(() => PersonDetail, { nullable: true, description: 'One person; null for an id that does not exist or is another organisation\'s.' })
  async person(@Ctx() ctx: GraphqlContext, @Arg('id', () => Int) id: number): Promise<PersonDetail | null> {
    const p = await getPerson(ctx.svc, actorOf(ctx), id);
    return p ? personDetailOf(p) : null;
  }

  @FieldResolver(() => CasePeople, { description: 'The case\'s people (one per personKey) with their registry links or proposals.' })
  async people(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext): Promise<CasePeople> {
    return casePeopleOf(c.caseId, await listCasePeople(ctx.svc, actorOf(ctx), c.caseId));
  }

  @Mutation(() => CasePeople, {
    description: 'Links a case party (personKey) to a person (person.linked). CONFLICT when it is linked already. When the party\'s verification '
      + 'link is still open, a valid accepted document of the person may now satisfy them (idv.satisfied_by_document; the link is spent).',
  })
  async linkPerson(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('personKey') personKey: string, @Arg('personId', () => Int) personId: number,
  ): Promise<CasePeople> {
    const actor = actorOf(ctx);
    await linkCasePerson(ctx.svc, actor, { caseId, personKey, personId });
    return casePeopleOf(caseId, await listCasePeople(ctx.svc, actor, caseId));
  }

  @Mutation(() => CasePeople, { description: 'Removes a party\'s active link, with a reason (person.unlinked; the link is kept, soft-deleted). CONFLICT when not linked.' })
  async unlinkPerson(
    @Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('personKey') personKey: string, @Arg('reason') reason: string,
  ): Promise<CasePeople> {
    const actor = actorOf(ctx);
    await unlinkPerson(ctx.svc, actor, { caseId, personKey, reason });
    return casePeopleOf(caseId, await listCasePeople(ctx.svc, actor, caseId));
  }

  @Mutation(() => CasePeople, { description: 'Confirms no person matches the party: creates a person from it and links it (person.marked_new).' })
  async markPersonNew(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('personKey') personKey: string): Promise<CasePeople> {
    const actor = actorOf(ctx);
    await markPersonNew(ctx.svc, actor, { caseId, personKey });
    return casePeopleOf(caseId, await listCasePeople(ctx.svc, actor, caseId));
  }

  @Mutation(() => PersonDetail, {
    description: 'Attaches an accepted passport or government ID of a case linked to the person, for reuse within the reuse window (person.document_attached).',
  })
  async attachPersonDocument(
    @Ctx() ctx: GraphqlContext, @Arg('personId', () => Int) personId: number, @Arg('documentId', () => Int) documentId: number,
  ): Promise<PersonDetail> {
    const actor = actorOf(ctx);
    await attachPersonDocument(ctx.svc, actor, { personId, documentId });
    return personDetailOf((await getPerson(ctx.svc, actor, personId))!);
  }

  @Query(() => Int, { description: 'Days an ID document attached to a person stays reusable on later cases (default 365).' })
  async personReuseWindow(@Ctx() ctx: GraphqlContext): Promise<number> {
    return (await getPersonReuseWindow(ctx.svc, actorOf(ctx))).reuseWindowDays;
  }

  @Mutation(() => Int, { description: 'Sets the reuse window, 1..1825 days (compliance_admin). Audited.' })
  async setPersonReuseWindow(@Ctx() ctx: GraphqlContext, @Arg('days', () => Int) days: number): Promise<number> {
    return (await setPersonReuseWindow(ctx.svc, actorOf(ctx), { days })).reuseWindowDays;
  }
}
