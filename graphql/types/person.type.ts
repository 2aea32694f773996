import { Field, Float, GraphQLISODateTime, Int, ObjectType } from 'type-graphql';
import type { CasePersonView, IdDocumentView, PersonDetailView, PersonView } from '../../src/persons/index';

@ObjectType({ simpleResolvers: true, description: 'A person of the registry: the same human across the organisation\'s cases.' })
export class Person {
  @Field(() => Int) personId!: number;
  @Field() displayName!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' }) dateOfBirth!: string | null;
  @Field(() => String, { nullable: true }) nationality!: string | null;
  @Field(() => [String], { description: 'Every email address a linked party had.' }) emails!: string[];
  @Field({ description: 'The analyst who marked the party new (created the person).' }) createdBy!: string;
  @Field(() => GraphQLISODateTime) createdAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A link of a case party (personKey) to a person; unlinked ones are kept (soft delete).' })
export class PersonCase {
  @Field() caseId!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field() personKey!: string;
  @Field() linkedBy!: string;
  @Field(() => GraphQLISODateTime) linkedAt!: string;
  @Field({ description: 'False once unlinked.' }) active!: boolean;
  @Field(() => String, { nullable: true }) unlinkedBy!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) unlinkedAt!: string | null;
  @Field(() => String, { nullable: true }) unlinkReason!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'An accepted passport or government ID attached to a person for reuse on later cases.' })
export class PersonDocument {
  @Field(() => Int) documentId!: number;
  @Field({ description: 'The case the document was uploaded to.' }) caseId!: string;
  @Field({ description: 'Passport or Government ID.' }) documentType!: string;
  @Field() filename!: string;
  @Field() attachedBy!: string;
  @Field(() => GraphQLISODateTime) attachedAt!: string;
  @Field(() => String, { nullable: true, description: 'The document\'s expiry date (YYYY-MM-DD), when extraction read one.' }) validUntil!: string | null;
}

@ObjectType({ simpleResolvers: true, description: 'A person with their cases (every link, newest first) and attached documents.' })
export class PersonDetail extends Person {
  @Field(() => [PersonCase]) cases!: PersonCase[];
  @Field(() => [PersonDocument]) documents!: PersonDocument[];
}

@ObjectType({ simpleResolvers: true, description: 'A page of persons, newest first; pass the last personId as `after` for the next.' })
export class PersonList {
  @Field(() => [Person]) nodes!: Person[];
  @Field() hasMore!: boolean;
}

@ObjectType({ simpleResolvers: true })
export class CasePersonLink {
  @Field(() => Int) personId!: number;
  @Field() displayName!: string;
  @Field({ description: 'The analyst, or system for an automatic strong match.' }) linkedBy!: string;
  @Field(() => GraphQLISODateTime) linkedAt!: string;
}

@ObjectType({ simpleResolvers: true, description: 'A person the registry proposes for an unlinked party.' })
export class PersonProposal {
  @Field(() => Int) personId!: number;
  @Field() displayName!: string;
  @Field(() => String, { nullable: true }) dateOfBirth!: string | null;
  @Field(() => String, { nullable: true }) nationality!: string | null;
  @Field(() => Float, { description: '0..1: name similarity, raised by an equal date of birth.' }) score!: number;
  @Field() sameBirthDate!: boolean;
}

@ObjectType({ simpleResolvers: true, description: 'One human of a case (a director, UBO or both: one per personKey) and their registry link.' })
export class CasePerson {
  @Field() personKey!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => [String]) roles!: string[];
  @Field(() => String, { nullable: true }) dateOfBirth!: string | null;
  @Field(() => String, { nullable: true }) nationality!: string | null;
  @Field(() => CasePersonLink, { nullable: true, description: 'The active link, or null.' }) link!: CasePersonLink | null;
  @Field(() => [PersonProposal], { description: 'Proposed persons, best first, computed on read; empty once linked.' }) proposals!: PersonProposal[];
}

@ObjectType({ simpleResolvers: true, description: 'An accepted passport or ID document of the case.' })
export class IdDocument {
  @Field(() => Int) documentId!: number;
  @Field({ description: 'Passport or Government ID.' }) documentType!: string;
  @Field() filename!: string;
}

@ObjectType({ simpleResolvers: true, description: "A case's people and the ID documents that may be attached to a linked person." })
export class CasePeople {
  @Field() caseId!: string;
  @Field(() => [CasePerson]) persons!: CasePerson[];
  @Field(() => [IdDocument]) idDocuments!: IdDocument[];
}

export const personOf = (p: PersonView): Person => ({ ...p });
export const personDetailOf = (p: PersonDetailView): PersonDetail => ({ ...p, cases: p.cases.map((c) => ({ ...c })), documents: p.documents.map((d) => ({ ...d })) });
export const casePeopleOf = (caseId: string, v: { people: CasePersonView[]; idDocuments: IdDocumentView[] }): CasePeople => ({
  caseId, persons: v.people.map((p) => ({ ...p, link: p.link ? { ...p.link } : null, proposals: p.proposals.map((x) => ({ ...x })) })), idDocuments: v.idDocuments.map((d) => ({ ...d })),
});
