// A case's SLA in words: its state as a badge, and when it is due (or since when it waits on the customer).
import type { SlaState } from '../../gql/graphql';

export const SLA_LABELS: Record<SlaState, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  breached: 'Breached',
  paused: 'Paused',
};

const SLA_CLASSES: Record<SlaState, string> = {
  on_track: 'badge badge-ok',
  at_risk: 'badge badge-warn',
  breached: 'badge badge-bad',
  paused: 'badge badge-neutral',
};

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface SlaFields {
  state: SlaState;
  dueAt?: string | null;
  pausedSince?: string | null;
}

/** The SLA state as a badge, with the due time (or the pause) under it when `withTime`; "No SLA" without one. */
export function SlaBadge({ sla, withTime = false }: { sla: SlaFields | null | undefined; withTime?: boolean }) {
  if (!sla) return <span className="muted">No SLA</span>;
  const time = sla.state === 'paused' || (sla.pausedSince && !sla.dueAt)
    ? (sla.pausedSince ? `Waiting on the customer since ${WHEN.format(new Date(sla.pausedSince))}` : null)
    : sla.dueAt ? `${sla.state === 'breached' ? 'Was due' : 'Due'} ${WHEN.format(new Date(sla.dueAt))}` : null;
  return (
    <span className="sla">
      <span className={SLA_CLASSES[sla.state]}>SLA {SLA_LABELS[sla.state].toLowerCase()}</span>
      {withTime && time ? <span className="sla-time"> {time}</span> : null}
    </span>
  );
}
