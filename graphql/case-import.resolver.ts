import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { CASE_IMPORT_COLUMNS, CASE_IMPORT_TEMPLATE, importCases, IMPORT_ROWS_PER_CALL, MAX_IMPORT_CHARS, MAX_IMPORT_ROWS, previewCaseImport } from '../src/onboarding/index';
import { actorOf, type GraphqlContext } from './context';
import { CaseImportPreviewNode, CaseImportReportNode, caseImportReportOf, casePreviewOf } from './types/case-import.type';

const CSV = `The file's text (UTF-8): a header naming the columns (${CASE_IMPORT_COLUMNS.join(', ')}; customerEmail and companyName required), `
  + `then at most ${MAX_IMPORT_ROWS} rows; at most ${MAX_IMPORT_CHARS / 1024 / 1024} MiB. A file that cannot be read so is BAD_USER_INPUT on csv.`;

/** The console's CSV import of cases (docs/console.md "Import"): a preview, then the import in steps. Analysts and up. */
@Resolver()
export class CaseImportResolver {
  @Query(() => String, { description: 'A template CSV: the columns and one example row.' })
  caseImportTemplate(@Ctx() ctx: GraphqlContext): string {
    actorOf(ctx);
    return CASE_IMPORT_TEMPLATE;
  }

  @Mutation(() => CaseImportPreviewNode, { description: 'Reads the file and checks every row as POST /v1/cases checks a body. Writes nothing (a mutation only because the file is large).' })
  previewCaseImport(@Ctx() ctx: GraphqlContext, @Arg('csv', { description: CSV }) csv: string): CaseImportPreviewNode {
    return casePreviewOf(previewCaseImport(actorOf(ctx), csv));
  }

  @Mutation(() => CaseImportReportNode, {
    description: `Imports the file's rows from fromRow on, at most ${IMPORT_ROWS_PER_CALL} per call, through the use case of POST /v1/cases/batch (its dedup rules; invites sent unless a row's sendInvite is false). `
      + 'Call again with nextRow until it is null. Importing a file again creates nothing new: each row finds the case of its crmRecordId or the open case of its email.',
  })
  async importCases(
    @Ctx() ctx: GraphqlContext,
    @Arg('csv', { description: CSV }) csv: string,
    @Arg('fromRow', () => Int, { nullable: true, description: 'The first row to import (the header is row 1); default 2.' }) fromRow: number | null,
  ): Promise<CaseImportReportNode> {
    return caseImportReportOf(await importCases(ctx.svc, actorOf(ctx), csv, fromRow ?? 2));
  }
}
