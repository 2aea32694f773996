// Compliance Configuration › Cleared hits: the organisation's cleared hits (a party and a watchlist entity
// dispositioned false_positive, not raised again while both are unchanged), newest first, and for MLROs and
// compliance admins `Revoke` (revokeClearedHit, audited): the next screening of that party raises it again.
import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { graphql } from '../../gql';
import type { ClearedHitsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, When } from './ui';
import { useSettings } from './viewer';

const ClearedHitsRead = graphql(`
  query ClearedHits($after: String) {
    clearedHits(first: 50, after: $after) {
      edges {
        node { id subjectKind personId subjectName entityId caption caseId hitId clearedBy clearedAt }
      }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const RevokeClearedHit = graphql(`
  mutation RevokeClearedHit($id: ID!) {
    revokeClearedHit(id: $id) { id caption subjectName }
  }
`);

type Row = ClearedHitsQuery['clearedHits']['edges'][number]['node'];

export function ClearedHitsPage() {
  const { viewer } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const data = useRequest(() => execute(ClearedHitsRead, {}), 'cleared-hits', onError);
  return (
    <Page title="Cleared hits" area="Compliance configuration"
      lead="Hits dispositioned as false positives: the same party is not alerted about the same list entry again while neither changes.">
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'loading' ? <Loading label="Loading the cleared hits…" /> : null}
      {data.status === 'done' ? <ClearedList first={data.data.clearedHits} mayRevoke={viewer.viewerCan.revokeClearedHits} /> : null}
    </Page>
  );
}

function ClearedList({ first, mayRevoke }: { first: ClearedHitsQuery['clearedHits']; mayRevoke: boolean }) {
  const [rows, setRows] = useState<Row[]>(first.edges.map((e) => e.node));
  const [next, setNext] = useState(first.pageInfo.hasNextPage ? first.pageInfo.endCursor : null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const onError = useSignInOnUnauthenticated();
  const more = useAction((after: string) => execute(ClearedHitsRead, { after }), onError);
  const revoke = useAction((id: string) => execute(RevokeClearedHit, { id }), onError);

  const loadMore = async () => {
    if (!next) return;
    const page = await more.run(next);
    if (page) {
      setRows((r) => [...r, ...page.clearedHits.edges.map((e) => e.node)]);
      setNext(page.clearedHits.pageInfo.hasNextPage ? page.clearedHits.pageInfo.endCursor : null);
    }
  };
  const revokeRow = async (row: Row) => {
    setRevoked(null);
    const done = await revoke.run(row.id);
    if (done) {
      setRows((r) => r.filter((x) => x.id !== row.id));
      setRevoked(`${row.caption ?? row.entityId} for ${row.subjectName ?? 'the party'}`);
    }
  };
  return (
    <section className="panel" aria-labelledby="cleared-hits-title">
      <h2 id="cleared-hits-title">In force</h2>
      {revoked ? <Success><p>Revoked: {revoked}. The next screening of that party raises it again.</p></Success> : null}
      {revoke.error ? <ErrorNotice error={revoke.error} /> : null}
      {rows.length === 0 ? <p className="empty">No cleared hits.</p> : (
        <table className="table">
          <caption className="visually-hidden">Cleared hits</caption>
          <thead>
            <tr><th scope="col">Party</th><th scope="col">List entry</th><th scope="col">Cleared on case</th><th scope="col">Cleared by</th>{mayRevoke ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}</tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.subjectName ?? '—'}{r.personId !== null ? <span className="muted"> (person #{r.personId})</span> : null}</th>
                <td>{r.caption ?? r.entityId} <span className="muted">({r.entityId})</span></td>
                <td><Link href={`/console/cases/${encodeURIComponent(r.caseId)}`}>{r.caseId}</Link></td>
                <td>{r.clearedBy}, <When at={r.clearedAt} /></td>
                {mayRevoke ? (
                  <td>
                    <Button className="button" isDisabled={revoke.pending} onPress={() => void revokeRow(r)}
                      aria-label={`Revoke ${r.caption ?? r.entityId} for ${r.subjectName ?? 'the party'}`}>Revoke</Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next ? <Button className="button" isDisabled={more.pending} onPress={() => void loadMore()}>Show more</Button> : null}
    </section>
  );
}
