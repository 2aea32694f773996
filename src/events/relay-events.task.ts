import type { FeatureTask } from '../platform/index';
import type { Services } from '../services';
import { relayEvents } from './relay';

/** This process's relay runs: the one running, and the one that will run after it. */
interface RelayRuns {
  running: Promise<unknown> | null;
  next: Promise<unknown> | null;
}

const runsOf = new WeakMap<Services, RelayRuns>();

function runsFor(svc: Services): RelayRuns {
  let runs = runsOf.get(svc);
  if (!runs) runsOf.set(svc, (runs = { running: null, next: null }));
  return runs;
}

/**
 * Hands committed events to their subscribers. Throwing lets graphile retry an infrastructure fault.
 *
 * Every commit that records events enqueues this job, and relays run one at a time (the feed counter's
 * lock), so a burst of commits used to start up to WORKER_CONCURRENCY relays that queued on that lock,
 * each taking the few events committed since the one before, while their worker slots sent nothing (in
 * one webhooks benchmark run, 25 s of waiting on that lock in all). In one process a relay job now starts a run only
 * when none is running; otherwise it waits for the one run that starts after the current one, and a
 * job that finds that run already waiting returns at once: that run starts after this job was enqueued,
 * so after its commit, and relays what it committed. If that run fails, its own job is retried (and the
 * outbox sweep takes what is left).
 */
export const relayEventsTask: FeatureTask = (svc) => async () => {
  const r = runsFor(svc);
  if (r.next) return;
  const start = () => {
    const run = relayEvents(svc).finally(() => {
      if (r.running === run) r.running = null;
    });
    r.running = run;
    return run;
  };
  if (!r.running) {
    await start();
    return;
  }
  const next = r.running.catch(() => undefined).then(() => {
    r.next = null;
    return start();
  });
  r.next = next;
  await next;
};
