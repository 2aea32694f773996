import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { day, when } from '../cases/labels';
import { PersonQuery } from './persons-query';

const AREA = 'Compliance console';

/** One person: their details, every case they were linked to (unlinked ones with who and why), and their attached ID documents. */
export function PersonPage() {
  const { personId = '' } = useParams();
  const id = /^\d{1,15}$/.test(personId) ? Number(personId) : 0;
  const data = useRequest(() => execute(PersonQuery, { id }), personId, useSignInOnUnauthenticated());
  if (data.status === 'error') return <Page title="Person" area={AREA}><ErrorNotice error={data.error} onRetry={data.reload} /></Page>;
  if (data.status === 'loading') return <Page title="Person" area={AREA}><Loading label="Loading the person…" /></Page>;
  const p = data.data.person;
  if (!p) {
    return (
      <Page title="Person" area={AREA}>
        <p className="empty">There is no person {personId} in your organisation.</p>
        <p><Link href="/console/persons">All persons</Link></p>
      </Page>
    );
  }
  return (
    <Page title={p.displayName} area={AREA} lead={`Person ${p.personId}`}>
      <p><Link href="/console/persons">All persons</Link></p>
      <dl className="facts">
        <dt>Date of birth</dt>
        <dd>{p.dateOfBirth ?? '—'}</dd>
        <dt>Nationality</dt>
        <dd>{p.nationality ?? '—'}</dd>
        <dt>Emails</dt>
        <dd>{p.emails.join(', ') || '—'}</dd>
        <dt>Registered</dt>
        <dd>{when(p.createdAt)} by {p.createdBy}</dd>
      </dl>
      <section className="case-section" aria-labelledby="person-cases-title">
        <h2 id="person-cases-title">Cases</h2>
        {p.cases.length === 0 ? <p className="empty">Not linked to any case.</p> : (
          <ul className="plain-list">
            {p.cases.map((c) => (
              <li key={`${c.caseId}|${c.linkedAt}`}>
                <Link href={`/console/cases/${encodeURIComponent(c.caseId)}`}>{c.caseId}</Link>
                {c.companyName ? ` · ${c.companyName}` : ''} · linked {day(c.linkedAt)} by {c.linkedBy}
                {c.active ? null : <> · <span className="badge badge-neutral">Unlinked</span> {c.unlinkedAt ? day(c.unlinkedAt) : ''} by {c.unlinkedBy}{c.unlinkReason ? `: ${c.unlinkReason}` : ''}</>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="case-section" aria-labelledby="person-documents-title">
        <h2 id="person-documents-title">ID documents</h2>
        {p.documents.length === 0 ? <p className="empty">No passport or ID attached yet. Attach one from a linked case&apos;s People section.</p> : (
          <ul className="plain-list">
            {p.documents.map((d) => (
              <li key={d.documentId}>
                <strong>{d.documentType}</strong> · {d.filename} from <Link href={`/console/cases/${encodeURIComponent(d.caseId)}`}>{d.caseId}</Link>
                {' '}· attached {day(d.attachedAt)} by {d.attachedBy}{d.validUntil ? ` · valid until ${d.validUntil}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
