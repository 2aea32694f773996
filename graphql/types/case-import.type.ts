import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { CaseImportPreview, CaseImportReport, CaseImportStatus } from '../../src/onboarding/index';

const STATUSES = ['created', 'replayed', 'duplicate_open_case', 'invalid'] as const satisfies readonly CaseImportStatus[];
export const CaseImportStatusEnum = Object.fromEntries(STATUSES.map((v) => [v, v])) as { [K in CaseImportStatus]: K };
registerEnumType(CaseImportStatusEnum, {
  name: 'CaseImportStatus',
  description: 'What the import did with a row: created; replayed (a case of its crmRecordId exists: that case); duplicate_open_case (its email has an open case: that case); invalid (nothing written).',
});

@ObjectType('CaseImportProblem', { simpleResolvers: true, description: 'What is wrong with a row, in one of its columns (or `row`).' })
export class CaseImportProblemNode {
  @Field() column!: string;
  @Field() message!: string;
}

@ObjectType('CaseImportRow', { simpleResolvers: true, description: 'A row of the file as read, with its problems (none: it can be imported).' })
export class CaseImportRowNode {
  @Field(() => Int, { description: 'The row as a spreadsheet numbers it: the header is row 1.' }) row!: number;
  @Field() customerEmail!: string;
  @Field() companyName!: string;
  @Field() customerName!: string;
  @Field() country!: string;
  @Field() crmRecordId!: string;
  @Field() crmSource!: string;
  @Field({ description: 'As written (empty: true).' }) sendInvite!: string;
  @Field(() => [CaseImportProblemNode]) errors!: CaseImportProblemNode[];
}

@ObjectType('CaseImportPreview', { simpleResolvers: true, description: 'Every row of the file checked as POST /v1/cases checks a body; nothing written.' })
export class CaseImportPreviewNode {
  @Field(() => [CaseImportRowNode]) rows!: CaseImportRowNode[];
  @Field(() => Int) rowCount!: number;
  @Field(() => Int) validCount!: number;
  @Field(() => Int) invalidCount!: number;
}

@ObjectType('CaseImportResult', { simpleResolvers: true, description: 'What the import did with one row.' })
export class CaseImportResultNode {
  @Field(() => Int) row!: number;
  @Field(() => CaseImportStatusEnum) status!: CaseImportStatus;
  @Field(() => String, { nullable: true, description: 'The case created, or the existing one (replayed, duplicate_open_case); null when invalid.' }) caseId!: string | null;
  @Field(() => String, { nullable: true, description: 'Why the row was not created, in words.' }) message!: string | null;
}

@ObjectType('CaseImportReport', { simpleResolvers: true, description: 'One step of an import: the rows it did and where the next step starts.' })
export class CaseImportReportNode {
  @Field(() => [CaseImportResultNode]) results!: CaseImportResultNode[];
  @Field(() => Int) created!: number;
  @Field(() => Int) replayed!: number;
  @Field(() => Int) duplicateOpenCase!: number;
  @Field(() => Int) invalid!: number;
  @Field(() => Int, { nullable: true, description: 'Call importCases again with fromRow this; null when the file is done.' }) nextRow!: number | null;
}

export const casePreviewOf = (p: CaseImportPreview): CaseImportPreviewNode => ({
  rows: p.rows.map((r) => ({ row: r.row, ...r.fields, errors: r.errors })),
  rowCount: p.counts.rows, validCount: p.counts.valid, invalidCount: p.counts.invalid,
});

export const caseImportReportOf = (r: CaseImportReport): CaseImportReportNode => ({
  results: r.results, created: r.counts.created, replayed: r.counts.replayed, duplicateOpenCase: r.counts.duplicate_open_case, invalid: r.counts.invalid, nextRow: r.nextRow,
});
