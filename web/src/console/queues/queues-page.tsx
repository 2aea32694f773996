import { useState } from 'react';
import { Button, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Check } from '../../ui/check';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { useViewer } from '../session';
import { QueueEditor } from './queue-editor';
import { NextCaseMutation, QueueMembersQuery, QueuesQuery, SetAvailabilityMutation } from './queues-query';

/** An age in the largest whole unit: "3 days", "5 hours", "12 minutes". */
export function age(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  const [n, unit] = seconds >= 86_400 ? [Math.floor(seconds / 86_400), 'day'] : seconds >= 3600 ? [Math.floor(seconds / 3600), 'hour'] : [Math.floor(seconds / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * Work queues: each queue's open and unassigned counts and oldest age, a Next case button that assigns the
 * oldest waiting case to the viewer and opens it, the viewer's availability for automatic assignment, and for
 * compliance admins the queue form.
 */
export function QueuesPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const onError = useSignInOnUnauthenticated();
  const [version, setVersion] = useState(0);
  const data = useRequest(() => execute(QueuesQuery), `queues|${version}`, onError);
  const mayEdit = viewer?.viewerCan.configureQueues ?? false;
  const members = useRequest(() => (mayEdit ? execute(QueueMembersQuery) : Promise.resolve({ members: [] })), `members|${mayEdit}`, onError);
  const [empty, setEmpty] = useState<string | null>(null);
  const next = useAction(async (q: { id: string; name: string }) => ({ q, got: (await execute(NextCaseMutation, { queueId: q.id })).nextCase }), onError);
  const availability = useAction((available: boolean) => execute(SetAvailabilityMutation, { available }), onError);

  const pull = async (q: { id: string; name: string }) => {
    setEmpty(null);
    const r = await next.run(q);
    if (r?.got) navigate(`/console/cases/${encodeURIComponent(r.got.caseId)}`);
    else if (r) setEmpty(`No case waits in ${r.q.name} for you.`);
  };

  return (
    <Page title="Queues" area="Compliance console" lead="Open cases sorted into queues by their facts. Next case assigns the oldest waiting case to you and opens it.">
      {data.status === 'loading' ? <Loading label="Loading queues…" /> : null}
      {data.status === 'error' ? <ErrorNotice error={data.error} onRetry={data.reload} /> : null}
      {data.status === 'done' ? (
        <>
          <section aria-labelledby="availability-title" className="panel">
            <h2 id="availability-title">Automatic assignment</h2>
            <Check
              isSelected={availability.result?.setAvailability.available ?? data.data.availability.available}
              onChange={(v) => void availability.run(v)}
              description="While you are unavailable, queues assign you nothing, and cases they gave you that you have not touched go back to the queue."
            >
              I am available for new cases
            </Check>
            {availability.error ? <ErrorNotice error={availability.error} /> : null}
          </section>
          <div className="table-scroll">
            <Table aria-label="Queues" className="table">
              <TableHeader>
                <Column isRowHeader>Queue</Column>
                <Column>Next case</Column>
                <Column>Waiting</Column>
                <Column>Open</Column>
                <Column>Oldest</Column>
                <Column>SLA breaches</Column>
                <Column>Assignment</Column>
              </TableHeader>
              <TableBody items={data.data.queues} renderEmptyState={() => <p className="empty">No queues yet.{mayEdit ? ' Add one below.' : ' A compliance admin sets them up.'}</p>}>
                {(q) => (
                  <Row id={q.id}>
                    <Cell>{q.name}</Cell>
                    <Cell>
                      <Button className="button primary" isDisabled={next.pending || q.unassignedCount === 0} onPress={() => void pull(q)} aria-label={`Next case from ${q.name}`}>
                        Next case
                      </Button>
                    </Cell>
                    <Cell>{q.unassignedCount}</Cell>
                    <Cell>{q.openCount}</Cell>
                    <Cell>{age(q.oldestAgeSeconds)}</Cell>
                    <Cell>{q.slaBreaches ? <span className="badge badge-bad">{q.slaBreaches} breached</span> : 'None'}</Cell>
                    <Cell>{q.assignment.mode === 'manual' ? 'Manual' : `${q.assignment.mode === 'round_robin' ? 'Round robin' : 'Least loaded'}, up to ${q.assignment.capacity ?? '—'} each`}</Cell>
                  </Row>
                )}
              </TableBody>
            </Table>
          </div>
          {empty ? <p role="status" className="notice">{empty}</p> : null}
          {next.error ? <ErrorNotice error={next.error} /> : null}
          {mayEdit && members.status === 'done' ? (
            <section aria-labelledby="edit-queues-title" className="panel">
              <h2 id="edit-queues-title">Edit queues</h2>
              <p className="muted">A case sits in the first queue whose conditions it meets. Saving sorts every open case again.</p>
              <QueueEditor key={version} queues={data.data.queues} members={members.data.members} onSaved={() => setVersion((v) => v + 1)} />
            </section>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
