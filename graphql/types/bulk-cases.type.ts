import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { BulkCaseResult, BulkOutcome, ConsoleCaseView } from '../../src/cases/index';
import { CaseNode, caseNodeOf } from './case.type';

const BULK_OUTCOMES = ['changed', 'unchanged', 'refused'] as const satisfies readonly BulkOutcome[];
export const BulkOutcomeEnum = Object.fromEntries(BULK_OUTCOMES.map((v) => [v, v])) as { [K in BulkOutcome]: K };
registerEnumType(BulkOutcomeEnum, {
  name: 'BulkOutcome',
  description: 'What a bulk action did to one case: changed, unchanged (it already was so; nothing recorded) or refused (see reason; the case is untouched).',
});

@ObjectType('BulkCaseResult', { simpleResolvers: true, description: 'What a bulk action did to one of the cases it named.' })
export class BulkCaseResultNode {
  @Field({ description: 'The case id as named in the call.' }) caseId!: string;
  @Field(() => BulkOutcomeEnum) outcome!: BulkOutcome;
  @Field(() => String, {
    nullable: true, description: 'Why the case was refused: not_found (unknown, or another organisation\'s), too_many_tags, or another error code; null otherwise.',
  }) reason!: string | null;
  @Field(() => String, { nullable: true, description: 'The refusal in words; null otherwise.' }) message!: string | null;
  @Field(() => CaseNode, { nullable: true, description: 'The case after the action; null when refused.' }) case!: CaseNode | null;
}

@ObjectType('BulkCasesAnswer', { simpleResolvers: true, description: 'The answer of a bulk action: one result per case named (in the order named, duplicates once) and the counts.' })
export class BulkCasesAnswer {
  @Field(() => [BulkCaseResultNode]) results!: BulkCaseResultNode[];
  @Field(() => Int) changed!: number;
  @Field(() => Int) unchanged!: number;
  @Field(() => Int) refused!: number;
}

export function bulkCasesAnswerOf(results: BulkCaseResult<ConsoleCaseView>[]): BulkCasesAnswer {
  const count = (o: BulkOutcome) => results.filter((r) => r.outcome === o).length;
  return {
    results: results.map((r) => ({ ...r, case: r.case ? caseNodeOf(r.case) : null })),
    changed: count('changed'), unchanged: count('unchanged'), refused: count('refused'),
  };
}
