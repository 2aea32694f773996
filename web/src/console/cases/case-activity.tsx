// The case's Activity: its events in sentences naming who did what (timeline-sentences.ts), the case's
// notes and the "Accessed by AI assistant" entries among them in time order, a filter by kind (kept in the
// address as ?show=) and each event's payload one click away. Load more reads the next page of events.
import { useState } from 'react';
import { Button, Disclosure, DisclosurePanel } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import type { ConsoleCaseQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DisclosureArrow } from '../../ui/disclosure';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { CaseTimelineQuery } from './case-query';
import { NoteEntry } from './case-notes';
import { when } from './labels';
import { actorName, KIND_LABELS, plural, TIMELINE_KINDS, timelineLines, type Directory, type TimelineKind, type TimelineLine } from './timeline-sentences';

type CaseData = NonNullable<ConsoleCaseQuery['case']>;
type TimelinePage = CaseData['timeline'];
type Read = CaseData['assistantReads']['edges'][number]['node'];
type Note = CaseData['notes']['edges'][number]['node'];
type Members = ConsoleCaseQuery['members'];

export const TIMELINE_PAGE = 50;

type Item = { at: string; kind: TimelineKind; line?: TimelineLine; read?: Read; note?: Note };

export function Activity({ caseId, first, reads, notes, members, apiClients, onDone }: {
  caseId: string; first: TimelinePage; reads: CaseData['assistantReads']; notes: CaseData['notes']; members: Members;
  apiClients: Directory['apiClients']; onDone: (message: string) => void;
}) {
  // The pages read with Load more, after `first`; a new first page (the case read again) starts over.
  const [later, setLater] = useState<{ after: TimelinePage; pages: TimelinePage[] }>({ after: first, pages: [] });
  const pages = [first, ...(later.after === first ? later.pages : [])];
  const more = useAction((after: string) => execute(CaseTimelineQuery, { caseId, first: TIMELINE_PAGE, after }), useSignInOnUnauthenticated());
  const [params, setParams] = useSearchParams();
  const last = pages.at(-1)!;
  const events = pages.flatMap((p) => p.edges.map((e) => e.node));
  const dir: Directory = { members, apiClients };
  // A read or note older than the oldest event shown waits for Load more, so the order stays true.
  const oldest = last.pageInfo.hasNextPage ? events.at(-1)?.occurredAt : undefined;
  const items: Item[] = [
    ...timelineLines(events.map((e) => ({ ...e, payload: e.payload as Record<string, unknown> })), dir).map((line) => ({ at: line.at, kind: line.kind, line })),
    ...reads.edges.map((e) => e.node).filter((r) => !oldest || r.calledAt >= oldest).map((read) => ({ at: read.calledAt, kind: 'assistant' as const, read })),
    ...notes.edges.map((e) => e.node).filter((n) => !oldest || n.createdAt >= oldest).map((note) => ({ at: note.createdAt, kind: 'notes' as const, note })),
  ].sort((x, y) => (x.at < y.at ? 1 : x.at > y.at ? -1 : 0));

  const present = TIMELINE_KINDS.filter((k) => items.some((i) => i.kind === k));
  const asked = params.get('show');
  const show = TIMELINE_KINDS.includes(asked as TimelineKind) ? (asked as TimelineKind) : 'all';
  const shown = show === 'all' ? items : items.filter((i) => i.kind === show);
  const options = [{ id: 'all', label: 'All activity' }, ...TIMELINE_KINDS.filter((k) => present.includes(k) || k === show).map((k) => ({ id: k, label: KIND_LABELS[k] }))];
  const setShow = (value: string) => setParams((p) => {
    const q = new URLSearchParams(p);
    if (value === 'all') q.delete('show');
    else q.set('show', value);
    return q;
  }, { replace: true });

  const loadMore = async () => {
    const next = await more.run(last.pageInfo.endCursor!);
    if (next?.case) setLater({ after: first, pages: [...pages.slice(1), next.case.timeline] });
  };
  return (
    <section className="case-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <div className="timeline-filter">
        <SelectField label="Show" value={show} onChange={setShow} options={options} />
        <p className="small" aria-live="polite">{show === 'all' ? plural(items.length, 'entry', 'entries') : `${plural(shown.length, 'entry', 'entries')} of ${items.length}`}</p>
      </div>
      {shown.length === 0 ? <p className="empty">{items.length === 0 ? 'Nothing has happened on this case yet.' : 'Nothing of this kind yet.'}</p> : null}
      <ol className="timeline">
        {shown.map(({ line, read, note }) => note ? (
          <NoteEntry key={`note-${note.id}`} note={note} members={members} onDone={onDone} />
        ) : read ? (
          <ReadEntry key={`read-${read.readId}`} read={read} dir={dir} />
        ) : line ? (
          <EventEntry key={line.key} line={line} />
        ) : null)}
      </ol>
      {more.error ? <ErrorNotice error={more.error} /> : null}
      {last.pageInfo.hasNextPage ? <Button className="button" onPress={loadMore} isPending={more.pending}>Load more events</Button> : null}
    </section>
  );
}

function EventEntry({ line }: { line: TimelineLine }) {
  const types = [...new Set(line.events.map((e) => e.eventType))].join(', ');
  return (
    <li className="timeline-item" data-kind={line.kind}>
      <p className="timeline-sentence"><strong>{line.actor}</strong> {line.sentence.slice(line.actor.length + 1)}</p>
      <p className="event-when">{when(line.at)}{line.events.length > 1 ? ` · ${plural(line.events.length, 'event')}` : ''}</p>
      <Disclosure className="disclosure event-data">
        <Button slot="trigger" className="disclosure-trigger">
          <DisclosureArrow />Event data<span className="visually-hidden"> of {types}</span>
        </Button>
        <DisclosurePanel className="disclosure-panel">
          {line.events.map((e) => (
            <div key={e.eventId}>
              <p className="small"><code>{e.eventType}</code> · #{e.caseSequence} · {when(e.occurredAt)}</p>
              <pre className="json" aria-label={`Payload of ${e.eventType}`} tabIndex={0}>{JSON.stringify(e.payload, null, 2)}</pre>
            </div>
          ))}
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}

function ReadEntry({ read, dir }: { read: Read; dir: Directory }) {
  const forWhom = read.memberEmail ? actorName(read.memberEmail, dir) : 'a removed member';
  return (
    <li className="timeline-item timeline-access" data-kind="assistant">
      <p className="timeline-sentence">
        <strong>{read.appName}</strong> read the case for {forWhom} with the AI assistant ({read.tool}{read.outcome === 'ok' ? '' : `, ${read.outcome}`}).
      </p>
      <p className="event-when">{when(read.calledAt)}</p>
      <Disclosure className="disclosure event-data">
        <Button slot="trigger" className="disclosure-trigger"><DisclosureArrow />Arguments<span className="visually-hidden"> of {read.tool}</span></Button>
        <DisclosurePanel className="disclosure-panel">
          <pre className="json" aria-label={`Arguments of ${read.tool}`} tabIndex={0}>{JSON.stringify(read.arguments, null, 2)}</pre>
        </DisclosurePanel>
      </Disclosure>
    </li>
  );
}
