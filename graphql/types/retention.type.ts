import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ConnectionOf } from '../connection';
import type { CaseRetentionView, LegalHoldView, RetentionPolicyView } from '../../src/retention/index';

@ObjectType({ description: 'The retention schedule of closed cases (every period null: off, the default).' })
export class RetentionPolicy {
  @Field(() => Int, { description: '0 before any policy was set; grows with every change (a deletion certificate names it).' }) version!: number;
  @Field(() => Int, { nullable: true, description: 'Approved cases: years after closure (the last decision or monitoring run); null: never.' }) yearsAfterClosure!: number | null;
  @Field(() => Int, { nullable: true, description: 'Declined cases: days after the decline; null: never.' }) declinedDays!: number | null;
  @Field(() => Int, { nullable: true, description: 'Withdrawn cases: days after the withdrawal; null: never.' }) withdrawnDays!: number | null;
  @Field(() => String, { nullable: true }) updatedBy!: string | null;
  @Field(() => Date, { nullable: true }) updatedAt!: Date | null;
}

export const retentionPolicyOf = (p: RetentionPolicyView): RetentionPolicy => ({ ...p });

@InputType({ description: 'The retention schedule: each period a whole number, or null (that kind of case is not purged).' })
export class RetentionPolicyInput {
  @Field(() => Int, { nullable: true, description: '1 to 100 years.' }) yearsAfterClosure?: number | null;
  @Field(() => Int, { nullable: true, description: '1 to 36500 days.' }) declinedDays?: number | null;
  @Field(() => Int, { nullable: true, description: '1 to 36500 days.' }) withdrawnDays?: number | null;
}

@ObjectType({ description: 'A legal hold on a case: nothing purges its personal data until it is released.' })
export class LegalHold {
  @Field() reason!: string;
  @Field() placedBy!: string;
  @Field() placedAt!: Date;
}

export const legalHoldOf = (h: LegalHoldView): LegalHold => ({ ...h });

@ObjectType({ description: 'A case\'s retention period under the policy.' })
export class RetentionPeriod {
  @Field({ description: 'none (no period runs), running, or ended (the sweep purges it unless on legal hold).' }) state!: string;
  @Field(() => Date, { nullable: true }) dueAt!: Date | null;
  @Field(() => String, { nullable: true, description: 'The legal basis, e.g. "AML record keeping: 5 years after the relationship ended".' }) basis!: string | null;
}

@ObjectType({ description: 'The signed record of a purge, kept beside the case\'s skeleton.' })
export class DeletionCertificate {
  @Field({ description: 'zero_retention, retention_policy or erasure_request.' }) basis!: string;
  @Field(() => Int, { nullable: true }) policyVersion!: number | null;
  @Field() issuedAt!: Date;
  @Field(() => GraphQLJSONObject, { description: 'What was purged, when and why (the JWS payload).' }) document!: Record<string, unknown>;
  @Field({ description: 'Compact JWS (ES256) over the document, verifiable against /v1/oauth/jwks.json.' }) jws!: string;
}

@ObjectType({ description: 'Where a case stands with retention.' })
export class CaseRetention {
  @Field(() => LegalHold, { nullable: true }) legalHold!: LegalHold | null;
  @Field(() => RetentionPeriod) period!: RetentionPeriod;
  @Field(() => DeletionCertificate, { nullable: true }) deletionCertificate!: DeletionCertificate | null;
}

export const caseRetentionOf = (r: CaseRetentionView): CaseRetention => ({ legalHold: r.legalHold, period: r.period, deletionCertificate: r.deletionCertificate });

@ObjectType({ description: 'A released legal hold.' })
export class LegalHoldRelease {
  @Field() caseId!: string;
  @Field() releasedAt!: Date;
}

@InputType({ description: 'A data subject\'s erasure request for a person of the registry.' })
export class ErasureRequestInput {
  @Field(() => Int) personId!: number;
  @Field({ description: 'Why (the request\'s reference, how it reached you).' }) reason!: string;
}

@ObjectType({ description: 'What an erasure request decided for one case of the person.' })
export class ErasureDecision {
  @Field() caseId!: string;
  @Field({ description: 'erased (now), already_erased, or retained (until retainUntil; null while a hold stands or the relationship is active).' }) outcome!: string;
  @Field(() => String, {
    nullable: true,
    description: 'For erased: case (the person was the case\'s only subject, so all its personal data went) or person (only theirs; the case\'s other people stay). Null otherwise.',
  }) scope!: string | null;
  @Field(() => Date, { nullable: true }) retainUntil!: Date | null;
  @Field(() => String, { nullable: true, description: 'Why it is kept, e.g. "AML record keeping: 5 years after the relationship ends".' }) legalBasis!: string | null;
  @Field(() => Date, { nullable: true }) erasedAt!: Date | null;
}

@ObjectType({ description: 'An erasure request and its decision per case.' })
export class ErasureRequestResult {
  @Field(() => Int) requestId!: number;
  @Field(() => Int) personId!: number;
  @Field(() => [ErasureDecision]) decisions!: ErasureDecision[];
}

@InputType({ description: 'A data subject\'s access request: by the email they gave, or a person of the registry (exactly one).' })
export class SubjectAccessInput {
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => Int, { nullable: true }) personId?: number | null;
}

@ObjectType({ description: 'Where to download the subject access ZIP (the console session downloads it; audited then).' })
export class SubjectAccessDownload {
  @Field({ description: 'A path under /console/export/ answering the streamed ZIP.' }) downloadUrl!: string;
}

@ObjectType({ description: 'A past erasure request, with where each case of the person stands now.' })
export class ErasureRequestItem {
  @Field(() => Int) requestId!: number;
  @Field(() => Int) personId!: number;
  @Field() reason!: string;
  @Field() requestedBy!: string;
  @Field() requestedAt!: Date;
  @Field({ description: 'done (every case erased, or none linked) or waiting (a case is retained: until its date, a hold\'s release, or the end of an active relationship).' }) state!: string;
  @Field(() => [ErasureDecision]) decisions!: ErasureDecision[];
}

export const ErasureRequestConnection = ConnectionOf(ErasureRequestItem, 'ErasureRequest');
