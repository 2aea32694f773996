// Compliance Configuration › Audit log (compliance admins): who changed what, newest first, paged.
import { useState } from 'react';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { graphql } from '../../gql';
import type { AuditLogQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { When } from './ui';

const AuditLog = graphql(`
  query AuditLog($first: Int, $after: String) {
    auditLog(first: $first, after: $after) {
      edges {
        node {
          id
          actor
          action
          details
          createdAt
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const VerifyAuditLog = graphql(`
  query VerifyAuditLog {
    verifyAuditLog {
      valid
      entries
      headSeq
      broken {
        seq
        problem
        message
      }
      signedHead {
        seq
        signedAt
        onChain
      }
    }
  }
`);

const SignAuditHead = graphql(`
  mutation SignAuditHead {
    signAuditHead {
      seq
      signedAt
      signedNow
    }
  }
`);

/** Verify chain and Sign head now, with the answer beside them; the JSON-lines export of the whole log. */
function ChainCheck({ onError }: { onError: ReturnType<typeof useSignInOnUnauthenticated> }) {
  const verify = useAction(() => execute(VerifyAuditLog, {}), onError);
  const sign = useAction(() => execute(SignAuditHead, {}), onError);
  const v = verify.result?.verifyAuditLog;
  const signed = sign.result?.signAuditHead;
  return (
    <section className="chain-check" aria-label="Audit chain">
      <Button className="button" isDisabled={verify.pending} onPress={() => void verify.run(undefined)}>Verify chain</Button>{' '}
      <Button className="button secondary" isDisabled={sign.pending} onPress={() => void sign.run(undefined)}>Sign head now</Button>{' '}
      <a className="button secondary" href="/console/export/audit.jsonl" download>Export (JSON lines)</a>
      {verify.error ? <ErrorNotice error={verify.error} /> : null}
      {sign.error ? <ErrorNotice error={sign.error} /> : null}
      {v ? (
        <p role="status" className={v.valid ? 'notice ok' : 'notice error'}>
          {v.valid
            ? `Chain intact: ${v.entries} entries checked${v.signedHead ? `; the head signed at entry ${v.signedHead.seq} is on the chain` : '; no head signed yet'}.`
            : `Chain broken at entry ${v.broken!.seq} (${v.broken!.problem}): ${v.broken!.message}`}
        </p>
      ) : null}
      {sign.result !== undefined ? (
        <p role="status" className="notice">{signed ? `Head at entry ${signed.seq} ${signed.signedNow ? 'signed' : 'was already signed'}.` : 'Nothing to sign yet.'}</p>
      ) : null}
    </section>
  );
}

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];
type PageInfo = AuditLogQuery['auditLog']['pageInfo'];

const PAGE_SIZE = 25;
const load = () => execute(AuditLog, { first: PAGE_SIZE });

function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

export function AuditLogPage() {
  const onError = useSignInOnUnauthenticated();
  const first = useRequest(load, 'audit-log', onError);
  // Pages read with Load more, after the first one (dropped when the first page is read again).
  const [later, setLater] = useState<{ source: unknown; entries: Entry[]; pageInfo: PageInfo } | null>(null);
  const fresh = later && first.status === 'done' && later.source === first.data ? later : null;
  const entries = first.status === 'done' ? [...first.data.auditLog.edges.map((e) => e.node), ...(fresh?.entries ?? [])] : [];
  const pageInfo = fresh?.pageInfo ?? (first.status === 'done' ? first.data.auditLog.pageInfo : null);
  const more = useAction((after: string) => execute(AuditLog, { first: PAGE_SIZE, after }), onError);

  return (
    <Page title="Audit log" area="Compliance configuration" lead="Every change to this configuration: who made it and when, newest first. Secrets are never recorded.">
      <ChainCheck onError={onError} />
      {first.status === 'loading' ? <Loading label="Loading the audit log…" /> : null}
      {first.status === 'error' ? <ErrorNotice error={first.error} onRetry={first.reload} /> : null}
      {first.status === 'done' && entries.length === 0 ? <p className="empty">Nothing recorded yet.</p> : null}
      {first.status === 'done' && entries.length ? (
        <div className="table-wrap">
          <Table aria-label="Audit log" className="table">
            <TableHeader>
              <Column isRowHeader>When</Column>
              <Column>Who</Column>
              <Column>What</Column>
              <Column>Details</Column>
            </TableHeader>
            <TableBody items={entries}>
              {(e) => (
                <Row id={e.id}>
                  <Cell><When at={e.createdAt} /></Cell>
                  <Cell>{e.actor}</Cell>
                  <Cell><code>{e.action}</code></Cell>
                  <Cell className="details-cell">{detailsText(e.details)}</Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      ) : null}
      {more.error ? <ErrorNotice error={more.error} /> : null}
      {pageInfo?.hasNextPage && pageInfo.endCursor ? (
        <Button
          className="button"
          isDisabled={more.pending}
          onPress={async () => {
            const next = await more.run(pageInfo.endCursor!);
            if (!next) return;
            setLater({ source: first.data, entries: [...(fresh?.entries ?? []), ...next.auditLog.edges.map((e) => e.node)], pageInfo: next.auditLog.pageInfo });
          }}
        >
          Load more
        </Button>
      ) : null}
    </Page>
  );
}
