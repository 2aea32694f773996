import { useEffect, useState, type ChangeEvent } from 'react';
import { Button, Link } from 'react-aria-components';
import { graphql } from '../../gql';
import type { CaseImportPreviewMutation, CaseImportStepMutation } from '../../gql/graphql';
import { execute, type RequestError } from '../../lib/graphql';
import { asRequestError } from '../../lib/trpc';
import { useAction } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';

const TemplateQuery = graphql(`
  query CaseImportTemplate {
    caseImportTemplate
  }
`);

const PreviewMutation = graphql(`
  mutation CaseImportPreview($csv: String!) {
    previewCaseImport(csv: $csv) {
      rowCount
      validCount
      invalidCount
      rows { row customerEmail companyName customerName country crmRecordId sendInvite errors { column message } }
    }
  }
`);

const ImportMutation = graphql(`
  mutation CaseImportStep($csv: String!, $fromRow: Int) {
    importCases(csv: $csv, fromRow: $fromRow) {
      created
      replayed
      duplicateOpenCase
      invalid
      nextRow
      results { row status caseId message }
    }
  }
`);

type Preview = CaseImportPreviewMutation['previewCaseImport'];
type Result = CaseImportStepMutation['importCases']['results'][number];

/** The most rows a table shows (the rows with problems first): a 10,000-row file is summed up, not drawn whole. */
const SHOWN = 200;
const STATUS_TEXT: Record<string, string> = {
  created: 'Created', replayed: 'Already imported (its CRM record\'s case)', duplicate_open_case: 'Duplicate: the email has an open case', invalid: 'Not imported',
};

/** `/console/cases/import`: a CSV file read and checked (the preview), then imported in steps with a report per row (docs/console.md "Import"). */
export function CaseImportPage() {
  const onError = useSignInOnUnauthenticated();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const preview = useAction((csv: string) => execute(PreviewMutation, { csv }).then((r) => r.previewCaseImport), onError);
  const [run, setRun] = useState<{ done: number; results: Result[]; finished: boolean; error?: RequestError } | null>(null);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    setRun(null);
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    setFile({ name: chosen.name, text });
    await preview.run(text);
  }

  async function importFile() {
    if (!file) return;
    const results: Result[] = [];
    let fromRow: number | null = 2;
    setRun({ done: 0, results, finished: false });
    try {
      while (fromRow !== null) {
        const step: CaseImportStepMutation['importCases'] = (await execute(ImportMutation, { csv: file.text, fromRow })).importCases;
        results.push(...step.results);
        fromRow = step.nextRow ?? null;
        setRun({ done: results.length, results: [...results], finished: fromRow === null });
      }
    } catch (e) {
      const error = asRequestError(e);
      onError(error);
      setRun({ done: results.length, results: [...results], finished: false, error });
    }
  }

  return (
    <Page title="Import cases" area="Compliance console" lead="Open many cases at once from a CSV file: check it first, then import it. Each row is created as POST /v1/cases creates a case, with the same duplicate checks; importing a file again creates nothing new.">
      <p><Link href="/console/cases">Back to the cases</Link></p>
      <section className="panel" aria-labelledby="import-file-title">
        <h2 id="import-file-title">The file</h2>
        <p>
          Columns: <code>customerEmail</code> and <code>companyName</code> (required), <code>customerName</code>, <code>country</code>,
          {' '}<code>crmRecordId</code>, <code>crmSource</code>, <code>sendInvite</code> (true or false; empty sends the invitation). At most 10,000 rows.
          {' '}<TemplateLink />
        </p>
        <div className="field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" onChange={(e) => void choose(e)} disabled={run !== null && !run.finished && !run.error} />
        </div>
        {preview.pending ? <p role="status">Checking {file?.name}…</p> : null}
        {preview.error ? <ErrorNotice error={preview.error} /> : null}
      </section>
      {preview.result && file && !preview.pending ? (
        <PreviewPanel preview={preview.result} run={run} onImport={importFile} />
      ) : null}
      {run ? <ReportPanel run={run} total={preview.result?.rowCount ?? 0} /> : null}
    </Page>
  );
}

/** A link that downloads the template (the server's columns and example row) as a file. */
function TemplateLink() {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    execute(TemplateQuery).then((r) => {
      url = URL.createObjectURL(new Blob([r.caseImportTemplate], { type: 'text/csv' }));
      setHref(url);
    }, () => setHref(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, []);
  return href ? <a href={href} download="cases-import-template.csv">Download the template</a> : null;
}

function PreviewPanel({ preview, run, onImport }: { preview: Preview; run: { finished: boolean; error?: RequestError } | null; onImport: () => void }) {
  const rows = [...preview.rows.filter((r) => r.errors.length), ...preview.rows.filter((r) => !r.errors.length)].slice(0, SHOWN);
  const busy = run !== null && !run.finished && !run.error;
  return (
    <section className="panel" aria-labelledby="import-preview-title">
      <h2 id="import-preview-title">Preview</h2>
      <p role="status">
        {preview.rowCount} {preview.rowCount === 1 ? 'row' : 'rows'}: {preview.validCount} ready to import, {preview.invalidCount} with problems (not imported).
      </p>
      <table className="table">
        <caption>{rows.length < preview.rowCount ? `The first ${rows.length} rows, those with problems first` : 'Every row, those with problems first'}</caption>
        <thead>
          <tr><th scope="col">Row</th><th scope="col">Customer email</th><th scope="col">Company</th><th scope="col">Customer name</th><th scope="col">Country</th><th scope="col">CRM record</th><th scope="col">Invite</th><th scope="col">Problems</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row}>
              <th scope="row">{r.row}</th>
              <td>{r.customerEmail}</td>
              <td>{r.companyName}</td>
              <td>{r.customerName}</td>
              <td>{r.country}</td>
              <td>{r.crmRecordId}</td>
              <td>{r.sendInvite || 'true'}</td>
              <td>{r.errors.length ? <ul className="problems">{r.errors.map((e) => <li key={e.column + e.message}>{e.column}: {e.message}</li>)}</ul> : 'Ready'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {run === null || run.error ? (
        <Button className="button button-primary" onPress={onImport} isDisabled={preview.validCount === 0 || busy}>
          Import {preview.validCount} {preview.validCount === 1 ? 'row' : 'rows'}
        </Button>
      ) : null}
    </section>
  );
}

function ReportPanel({ run, total }: { run: { done: number; results: Result[]; finished: boolean; error?: RequestError }; total: number }) {
  const count = (s: string) => run.results.filter((r) => r.status === s).length;
  const rows = [...run.results.filter((r) => r.status !== 'created'), ...run.results.filter((r) => r.status === 'created')].slice(0, SHOWN);
  return (
    <section className="panel" aria-labelledby="import-report-title">
      <h2 id="import-report-title">Import</h2>
      <p role="status" aria-live="polite">
        {run.finished
          ? `Done: ${count('created')} created, ${count('replayed')} already imported, ${count('duplicate_open_case')} duplicates of open cases, ${count('invalid')} not imported.`
          : `Imported ${run.done} of ${total} rows…`}
      </p>
      {run.error ? <ErrorNotice error={run.error} /> : null}
      {run.finished ? (
        <table className="table">
          <caption>{rows.length < run.results.length ? `The first ${rows.length} rows, those not created first` : 'Every row, those not created first'}</caption>
          <thead><tr><th scope="col">Row</th><th scope="col">Result</th><th scope="col">Case</th><th scope="col">Why</th></tr></thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row}>
                <th scope="row">{r.row}</th>
                <td>{STATUS_TEXT[r.status] ?? r.status}</td>
                <td>{r.caseId ? <Link href={`/console/cases/${encodeURIComponent(r.caseId)}`}>{r.caseId}</Link> : null}</td>
                <td>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
