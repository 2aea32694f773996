import { Field, GraphQLISODateTime, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ROSTER_STATUSES } from '../../src/cases/index';
import { DOCUMENT_ON_FILE_CODES, IDV_OUTCOMES, type CaseVerificationView } from '../../src/idv/index';

const enumOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };

export const IdvOutcomeEnum = enumOf(IDV_OUTCOMES);
registerEnumType(IdvOutcomeEnum, { name: 'IdvOutcome', description: 'A verifier\'s answer (idv.completed outcome).' });
export const IdvCheckResultEnum = enumOf(['passed', 'failed', 'not_done'] as const);
registerEnumType(IdvCheckResultEnum, { name: 'IdvCheckResult', description: '`not_done`: the verifier did not or cannot check it (detail says why).' });
export const IdvRosterStatusEnum = enumOf(ROSTER_STATUSES);
registerEnumType(IdvRosterStatusEnum, { name: 'IdvRosterStatus' });

@ObjectType({ simpleResolvers: true, description: 'One check of an identity verification, done or not.' })
export class IdvCheck {
  @Field() key!: string;
  @Field() label!: string;
  @Field(() => IdvCheckResultEnum) result!: 'passed' | 'failed' | 'not_done';
  @Field(() => String, { nullable: true }) detail!: string | null;
}

export const DocumentOnFileCodeEnum = enumOf(DOCUMENT_ON_FILE_CODES);
registerEnumType(DocumentOnFileCodeEnum, {
  name: 'DocumentOnFileCode',
  description: 'Why a document on file did or did not satisfy a person: satisfied, or the rule it broke (expired, check_digit_failed, not_accepted …).',
});

@ObjectType({ simpleResolvers: true, description: 'One reason a document on file did or did not satisfy a person.' })
export class DocumentOnFileReason {
  @Field(() => DocumentOnFileCodeEnum) code!: string;
  @Field({ description: 'The reason in words, naming the document when it is about one.' }) text!: string;
}

@ObjectType({ simpleResolvers: true, description: 'Whether a passport or ID card on file satisfied a person instead of a verification link, and why or why not.' })
export class DocumentOnFile {
  @Field() satisfied!: boolean;
  @Field(() => Int, { nullable: true, description: 'The document that satisfied the person.' }) documentId!: number | null;
  @Field(() => [DocumentOnFileReason]) reasons!: DocumentOnFileReason[];
}

@ObjectType({ simpleResolvers: true, description: 'One person of a case (a director, UBO or signatory; one per personKey) and their identity verification.' })
export class IdentityVerification {
  @Field({ description: 'UUID v4 shared by the same human across roles within the case.' }) personKey!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => [String], { description: 'Roles merged across the person\'s parties: director, ubo, signatory …' }) roles!: string[];
  @Field(() => IdvRosterStatusEnum, { nullable: true, description: 'The roster status; null before verification started.' }) status!: string | null;
  @Field({ description: 'The status in words, with the reason where there is one (an email is needed, the check failed …).' }) statusLabel!: string;
  @Field(() => IdvOutcomeEnum, { nullable: true }) outcome!: string | null;
  @Field(() => String, { nullable: true, description: 'The verifier that answered: local, or the vendor\'s name.' }) vendorName!: string | null;
  @Field(() => [IdvCheck], { description: 'What the verifier checked, and what it did not or cannot check.' }) checks!: IdvCheck[];
  @Field(() => String, { nullable: true, description: '`system`, or the analyst who resent the link.' }) dispatchedBy!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) dispatchedAt!: string | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) completedAt!: string | null;
  @Field(() => Int, { nullable: true, description: 'The accepted passport or ID on file that made a link unnecessary.' }) satisfiedByDocId!: number | null;
  @Field(() => Int, { nullable: true, description: 'The document the person uploaded on the verification page.' }) documentId!: number | null;
  @Field(() => DocumentOnFile, { nullable: true, description: 'What the verify step found about a document on file for the person; null before it ran for them.' })
  documentOnFile!: DocumentOnFile | null;
  @Field({ description: 'Whether a new link can be sent (the person has an email and is not verified).' }) canResend!: boolean;
}

export const identityVerificationOf = (v: CaseVerificationView): IdentityVerification => v as IdentityVerification;
