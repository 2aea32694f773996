// The case page's Documents: each document with what extraction found (type, confidence, warnings, the
// fields it expected and did not find) and its extracted data as a definition list (ui/data-list.tsx).
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { DataList } from '../../ui/data-list';
import { DisclosureArrow } from '../../ui/disclosure';
import { DocumentOverride } from './document-override';
import { when, words } from './labels';

type CaseDocument = NonNullable<ConsoleCaseQuery['case']>['documents'][number];

/** A warning as a sentence (the contract stores plain sentences; anything else is shown as it came). */
const warningText = (w: unknown) => (typeof w === 'string' ? w : JSON.stringify(w));

function statusBadge(status: CaseDocument['status']): string {
  if (status === 'error') return 'badge badge-bad';
  if (status === 'approved' || status === 'complete') return 'badge badge-ok';
  if (status === 'escalated') return 'badge badge-warn';
  return 'badge badge-neutral';
}

export function Documents({ documents, mayOverride, onDone }: { documents: CaseDocument[]; mayOverride: boolean; onDone: (message: string) => void }) {
  return (
    <section className="case-section" aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      {documents.length === 0 ? <p className="empty">No documents uploaded yet.</p> : null}
      <ul className="cards">
        {documents.map((d) => {
          const extracted = Object.entries(d.extractedData ?? {});
          const name = d.filename ?? (d.purgedAt ? `Document ${d.id} (file purged)` : `Document ${d.id}`);
          return (
            <li key={d.id} className="card">
              <h3 className="card-title">{name}</h3>
              <p className="card-meta">
                <span className={statusBadge(d.status)}>{words(d.status)}</span>
                {' '}{d.documentType ? words(d.documentType) : 'Type not recognised'}{d.confidence ? ` · ${d.confidence} confidence` : ''} · uploaded {when(d.uploadedAt)}
              </p>
              {d.notes ? <p>{d.notes}</p> : null}
              {d.warnings.length ? (
                <div className="doc-warnings">
                  <p className="doc-label" id={`doc-${d.id}-warnings`}>Warnings</p>
                  <ul aria-labelledby={`doc-${d.id}-warnings`} className="plain-list">
                    {d.warnings.map((w, i) => <li key={i}>{warningText(w)}</li>)}
                  </ul>
                </div>
              ) : null}
              {d.missingFields.length ? (
                <p><span className="doc-label">Missing fields:</span> {d.missingFields.join(', ')}</p>
              ) : null}
              <Disclosure className="disclosure">
                <Heading level={4} className="disclosure-heading">
                  <Button slot="trigger" className="disclosure-trigger"><DisclosureArrow />Extracted data ({extracted.length} {extracted.length === 1 ? 'field' : 'fields'})</Button>
                </Heading>
                <DisclosurePanel className="disclosure-panel">
                  {extracted.length ? <DataList data={d.extractedData!} /> : (
                    <p className="empty">{d.purgedAt ? 'The extracted data was purged with the file.' : 'Nothing was extracted from this document.'}</p>
                  )}
                </DisclosurePanel>
              </Disclosure>
              {d.status === 'error' && mayOverride ? <DocumentOverride documentId={d.id} filename={d.filename ?? `document ${d.id}`} onDone={onDone} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
