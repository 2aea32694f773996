import { Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CaseNoteVersionView, CaseNoteView, NoteMemberView } from '../../src/case-notes/index';
import { NOTIFICATION_KINDS, type NotificationView } from '../../src/notifications/index';
import { ConnectionOf } from '../connection';

@ObjectType({ simpleResolvers: true, description: 'A member as a note names them: its author, or a member it mentions.' })
export class NoteMember {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field() email!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A note on a case: markdown, never deleted; an edit keeps every earlier version (versions).' })
export class CaseNote {
  @Field(() => ID) id!: string;
  @Field() caseId!: string;
  @Field(() => NoteMember, { nullable: true, description: 'Who wrote it (a removed member stays named).' }) author!: NoteMember | null;
  @Field({ description: 'The current body: markdown as written, mentions as `@email`.' }) body!: string;
  @Field({ description: 'The current body as safe HTML: markdown without raw HTML or images, links only http(s) and mailto, mentions shown by name.' }) bodyHtml!: string;
  @Field(() => Int, { description: '1 for a note never edited; each edit adds one.' }) version!: number;
  @Field({ description: 'Whether it was edited (version above 1).' }) edited!: boolean;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When it was last edited; null if never.' }) editedAt!: string | null;
  @Field(() => [NoteMember], { description: 'The current members the current body mentions.' }) mentions!: NoteMember[];
  @Field({ description: 'editCaseNote: the signed-in member wrote this note.' }) viewerCanEdit!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'One version of a note, as it was written.' })
export class CaseNoteVersion {
  @Field(() => Int) version!: number;
  @Field() body!: string;
  @Field() bodyHtml!: string;
  @Field(() => NoteMember, { nullable: true }) writtenBy!: NoteMember | null;
  @Field(() => GraphQLISODateTime) writtenAt!: string;
}

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
export const NotificationKindEnum = enumOf(NOTIFICATION_KINDS);
registerEnumType(NotificationKindEnum, { name: 'NotificationKind', description: 'mention: a case note mentions the member.' });

@ObjectType({ simpleResolvers: true, description: 'Something the console tells the signed-in member (also emailed).' })
export class Notification {
  @Field(() => ID) id!: string;
  @Field(() => NotificationKindEnum) kind!: string;
  @Field(() => String, { nullable: true, description: 'The case it is about.' }) caseId!: string | null;
  @Field(() => ID, { nullable: true, description: 'The note that caused it.' }) noteId!: string | null;
  @Field({ description: 'Who caused it (a name, or an email).' }) actorName!: string;
  @Field({ description: 'The start of the note, as plain text.' }) excerpt!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
  @Field(() => GraphQLISODateTime, { nullable: true, description: 'When it was marked read; null while unread.' }) readAt!: string | null;
}

export const CaseNoteConnection = ConnectionOf(CaseNote, 'CaseNote');
export const NotificationConnection = ConnectionOf(Notification, 'Notification');

const memberOf = (m: NoteMemberView | null): NoteMember | null => m;

export const caseNoteOf = (viewerId: string) => (n: CaseNoteView): CaseNote => ({
  ...n, id: String(n.id), author: memberOf(n.author), viewerCanEdit: n.author?.id === viewerId,
});

export const caseNoteVersionOf = (v: CaseNoteVersionView): CaseNoteVersion => v;

export const notificationOf = (n: NotificationView): Notification => ({ ...n, id: String(n.id), noteId: n.noteId === null ? null : String(n.noteId) });
