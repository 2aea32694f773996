// The console's Mail pages (development, demos): while SMTP_URL is unset the service keeps every email in its
// local outbox instead of sending it; these pages list the organisation's kept mail, newest first, and show one
// decoded, its links real anchors (magic links, set-password links), for compliance admins and admins. The
// header offers them only in that mode (Viewer.mailKeptLocally and viewerCan.readKeptMail).
import { Fragment } from 'react';
import { Link } from 'react-aria-components';
import { useParams } from 'react-router';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { When } from '../config/ui';
import { useSignInOnUnauthenticated } from '../require-member';

const KeptMailQuery = graphql(`
  query KeptMail($first: Int!) {
    keptMail(first: $first) {
      id
      to
      subject
      createdAt
    }
  }
`);

const KeptMailMessageQuery = graphql(`
  query KeptMailMessage($id: ID!) {
    keptMailMessage(id: $id) {
      id
      to
      from
      subject
      createdAt
      text
      links
    }
  }
`);

const AREA = 'Compliance console';
const LEAD = 'SMTP_URL is not set, so the service keeps its emails here instead of sending them. They hold sign-in and set-password links: treat them as secrets.';

export function KeptMailPage() {
  const list = useRequest(() => execute(KeptMailQuery, { first: 50 }), 'kept-mail', useSignInOnUnauthenticated());
  return (
    <Page title="Mail" area={AREA} lead={LEAD}>
      {list.status === 'loading' ? <Loading label="Loading the kept mail…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {list.status === 'done' && list.data.keptMail.length === 0 ? <p className="empty">No email has been kept yet.</p> : null}
      {list.status === 'done' && list.data.keptMail.length ? (
        <ul className="mail-list" aria-label="Kept mail, newest first">
          {list.data.keptMail.map((m) => (
            <li key={m.id} className="mail-item">
              <Link href={`/console/mail/${m.id}`} className="mail-subject">{m.subject}</Link>
              <span className="mail-meta">To {m.to} · <When at={m.createdAt} /></span>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

export function KeptMailMessagePage() {
  const { mailId = '' } = useParams();
  const read = useRequest(() => execute(KeptMailMessageQuery, { id: mailId }), mailId, useSignInOnUnauthenticated());
  const mail = read.status === 'done' ? read.data.keptMailMessage : null;
  return (
    <Page title={mail ? mail.subject : 'Email'} area={AREA}>
      <p><Link href="/console/mail">All kept mail</Link></p>
      {read.status === 'loading' ? <Loading label="Loading the email…" /> : null}
      {read.status === 'error' ? <ErrorNotice error={read.error} onRetry={read.reload} /> : null}
      {mail ? (
        <>
          <dl className="facts">
            <dt>From</dt>
            <dd>{mail.from ?? 'Unknown'}</dd>
            <dt>To</dt>
            <dd>{mail.to}</dd>
            <dt>Kept</dt>
            <dd><When at={mail.createdAt} /></dd>
          </dl>
          <section className="panel" aria-labelledby="mail-body-title">
            <h2 id="mail-body-title">Message</h2>
            <div className="mail-body" data-testid="mail-body"><Linked text={mail.text} /></div>
          </section>
          {mail.links.length ? (
            <section className="panel" aria-labelledby="mail-links-title">
              <h2 id="mail-links-title">Links in this email</h2>
              <ul className="mail-links">
                {mail.links.map((l) => <li key={l}><a href={l}>{l}</a></li>)}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"')\]]+/g;

/** The text with every http(s) address made a real link (as the server finds them). */
function Linked({ text }: { text: string }) {
  const parts: (string | { url: string })[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    parts.push(text.slice(last, m.index), { url: m[0] });
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts.map((p, i) => (typeof p === 'string' ? <Fragment key={i}>{p}</Fragment> : <a key={i} href={p.url}>{p.url}</a>))}</>;
}
