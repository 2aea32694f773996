import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { addCaseNote, editCaseNote, listCaseNotes, listCaseNoteVersions, NOTE_BODY_MAX } from '../src/case-notes/index';
import { connectionComplexity, PageArgs, pageInput, toConnection, type Connection } from './connection';
import { actorOf, type GraphqlContext } from './context';
import { CaseNode, type CaseRoot } from './types/case.type';
import { CaseNote, CaseNoteConnection, caseNoteOf, CaseNoteVersion, caseNoteVersionOf } from './types/case-note.type';

/** An id of the wire (ID) as the domain's integer; anything else is a note that does not exist. */
const noteIdOf = (id: string): number => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : 0);

/** Case notes in the console: a case's notes (merged into its timeline by the case page), adding and editing them, their versions. */
@Resolver(() => CaseNode)
export class CaseNotesResolver {
  @FieldResolver(() => CaseNoteConnection, { complexity: connectionComplexity, description: "The case's notes, newest first (case_notes:read)." })
  async notes(@Root() c: CaseRoot, @Ctx() ctx: GraphqlContext, @Args() page: PageArgs): Promise<Connection<CaseNote>> {
    const actor = actorOf(ctx);
    return toConnection(await listCaseNotes(ctx.svc, actor, c.caseId, pageInput(page)), caseNoteOf(actor.memberId));
  }

  @Mutation(() => CaseNote, {
    description: `Adds a note to a case (analyst or above): markdown, 1 to ${NOTE_BODY_MAX} characters, raw HTML shown as text. `
      + 'Members mentioned as `@email` are notified in the console and by email.',
  })
  async addCaseNote(@Ctx() ctx: GraphqlContext, @Arg('caseId', () => ID) caseId: string, @Arg('body') body: string): Promise<CaseNote> {
    const actor = actorOf(ctx);
    return caseNoteOf(actor.memberId)(await addCaseNote(ctx.svc, actor, caseId, body));
  }

  @Mutation(() => CaseNote, {
    description: "Edits a note (its author only): the body becomes the next version, every earlier one is kept (CaseNote.versions). Members mentioned for the first time are notified; the same body again changes nothing.",
  })
  async editCaseNote(@Ctx() ctx: GraphqlContext, @Arg('noteId', () => ID) noteId: string, @Arg('body') body: string): Promise<CaseNote> {
    const actor = actorOf(ctx);
    return caseNoteOf(actor.memberId)(await editCaseNote(ctx.svc, actor, noteIdOf(noteId), body));
  }
}

@Resolver(() => CaseNote)
export class CaseNoteVersionsResolver {
  @FieldResolver(() => [CaseNoteVersion], { description: 'Every version of the note, oldest first (version 1 as first added).' })
  async versions(@Root() n: CaseNote, @Ctx() ctx: GraphqlContext): Promise<CaseNoteVersion[]> {
    return (await listCaseNoteVersions(ctx.svc, actorOf(ctx), Number(n.id))).map(caseNoteVersionOf);
  }
}
