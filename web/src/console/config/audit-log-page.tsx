// Compliance Configuration › Audit log (compliance admins): who changed what, newest first, paged, in words:
// the actor (a member by name, an API client, a connected app, the platform), the action (audit-words.ts), the
// target linked (a case, a member, an endpoint), and what changed as before → after, field by field; filters by
// actor, action and date range live in the URL (?actor=&action=&from=&to=).
import { useState } from 'react';
import { Button, Cell, Column, Link, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import type { AuditLogQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { Page } from '../../ui/page';
import { SelectField } from '../../ui/select-field';
import { actionWords, ACTION_WORDS, actorWords, changesOf, targetOf } from './audit-words';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { When } from './ui';

const AuditLog = graphql(`
  query AuditLog($first: Int, $after: String, $actor: String, $action: String, $from: DateTimeISO, $to: DateTimeISO) {
    auditLog(first: $first, after: $after, actor: $actor, action: $action, from: $from, to: $to) {
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

const AuditMembers = graphql(`
  query AuditMembers {
    members {
      id
      email
      name
    }
  }
`);

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];
type PageInfo = AuditLogQuery['auditLog']['pageInfo'];

const PAGE_SIZE = 25;
const loadMembers = () => execute(AuditMembers);
/** A YYYY-MM-DD day of the reader's as the instant it starts (`end`: the next day's start), or null. */
function dayStart(day: string, end = false): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return null;
  if (end) d.setDate(d.getDate() + 1);
  return d.toISOString();
}

export function AuditLogPage() {
  const onError = useSignInOnUnauthenticated();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const action = params.get('action') ?? '';
  const fromDay = params.get('from') ?? '';
  const toDay = params.get('to') ?? '';
  const filter = { actor: actor || null, action: action || null, from: dayStart(fromDay), to: dayStart(toDay, true) };
  const filterKey = JSON.stringify(filter);
  const first = useRequest(() => execute(AuditLog, { first: PAGE_SIZE, ...filter }), `audit-log ${filterKey}`, onError);
  const members = useRequest(loadMembers, 'audit-members', onError);
  // Pages read with Load more, after the first one (dropped when the first page is read again).
  const [later, setLater] = useState<{ source: unknown; entries: Entry[]; pageInfo: PageInfo } | null>(null);
  const fresh = later && first.status === 'done' && later.source === first.data ? later : null;
  const entries = first.status === 'done' ? [...first.data.auditLog.edges.map((e) => e.node), ...(fresh?.entries ?? [])] : [];
  const pageInfo = fresh?.pageInfo ?? (first.status === 'done' ? first.data.auditLog.pageInfo : null);
  const more = useAction((after: string) => execute(AuditLog, { first: PAGE_SIZE, after, ...filter }), onError);
  const people = members.status === 'done' ? members.data.members : [];
  const byEmail = new Map(people.map((m) => [m.email.toLowerCase(), m]));
  const who = (a: string) => actorWords(a, (email) => byEmail.get(email.toLowerCase())?.name ?? null);

  function setFilter(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  }
  const actorOptions = [
    { id: 'any', label: 'Anyone' },
    ...people.map((m) => ({ id: m.email, label: m.name ? `${m.name} (${m.email})` : m.email })),
    { id: 'operator', label: 'The platform operator' },
    ...(actor && actor !== 'operator' && !byEmail.has(actor.toLowerCase()) ? [{ id: actor, label: who(actor) }] : []),
  ];
  const actionOptions = [{ id: 'any', label: 'Any action' }, ...Object.keys(ACTION_WORDS).map((id) => ({ id, label: actionWords(id) })).sort((a, b) => a.label.localeCompare(b.label))];

  return (
    <Page title="Audit log" area="Compliance configuration" lead="Every change to this configuration, and every case decision and override: who made it and when, newest first. Secrets are never recorded.">
      <ChainCheck onError={onError} />
      <div className="filters" role="group" aria-label="Filter the audit log">
        <SelectField label="Who" value={actor || 'any'} options={actorOptions} onChange={(v) => setFilter('actor', v === 'any' ? '' : v)} />
        <SelectField label="Action" value={action || 'any'} options={actionOptions} onChange={(v) => setFilter('action', v === 'any' ? '' : v)} />
        <Field label="From (day)" type="date" value={fromDay} onChange={(v) => setFilter('from', v)} />
        <Field label="To (day, included)" type="date" value={toDay} onChange={(v) => setFilter('to', v)} />
      </div>
      {first.status === 'loading' ? <Loading label="Loading the audit log…" /> : null}
      {first.status === 'error' ? <ErrorNotice error={first.error} onRetry={first.reload} /> : null}
      {first.status === 'done' && entries.length === 0 ? (
        <p className="empty">{actor || action || fromDay || toDay ? 'Nothing recorded matches these filters.' : 'Nothing recorded yet.'}</p>
      ) : null}
      {first.status === 'done' && entries.length ? (
        <div className="table-wrap">
          <Table aria-label="Audit log" className="table audit-table">
            <TableHeader>
              <Column isRowHeader>When</Column>
              <Column>Who</Column>
              <Column>What</Column>
              <Column>Changes</Column>
            </TableHeader>
            {/* The cells read the members list (names beside emails), which may arrive after the entries: a dependency of the collection. */}
            <TableBody items={entries} dependencies={[people]}>
              {(e) => {
                const target = targetOf(e.details);
                const changes = changesOf(e.details);
                return (
                  <Row id={e.id}>
                    <Cell><When at={e.createdAt} /></Cell>
                    <Cell>{who(e.actor)}</Cell>
                    <Cell>
                      <span className="audit-action">{actionWords(e.action)}</span>
                      {target ? <>{' '}<Link href={target.href} className="audit-target">{target.label}</Link></> : null}
                    </Cell>
                    <Cell className="details-cell">
                      {changes.length ? (
                        <dl className="audit-changes">
                          {changes.map((c) => (
                            <div key={c.field} className="audit-change">
                              <dt>{c.field}</dt>
                              <dd>{c.before !== undefined ? <><del>{c.before}</del> → <ins>{c.after}</ins></> : c.after}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
                    </Cell>
                  </Row>
                );
              }}
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
