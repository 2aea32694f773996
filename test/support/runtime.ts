import { runOnce } from 'graphile-worker';
import { compose, type Runtime } from '../../bin/compose';
import { createTaskList } from '../../worker/tasks/index';
import { graphileLogger, orgFlag } from '../../worker/job-queue';
import { type Tx } from '../../src/db/index';
import { type EventRecord, type EventSubscriber } from '../../src/events/index';
import type { Services } from '../../src/platform/index';
import { createTenant, type Tenant } from '../../src/tenants/index';
import { testConfig } from './env';
import { testTls } from './test-tls';
import { SERVICE_OPERATOR } from '../../src/access/index';

let shared: Promise<Runtime> | null = null;

/** One runtime (pools) for the whole run, against this run's databases. */
export function runtime(): Promise<Runtime> {
  shared ??= compose(testConfig(), { webhookCa: testTls().ca });
  return shared;
}

export async function closeRuntime(): Promise<void> {
  if (shared) await (await shared).close();
  shared = null;
}

/** Whose jobs a test runs: its tenant (or tenants), with the runtime's services or a test's copy of them. */
export interface DrainScope {
  orgId: string | readonly string[];
  /** The services the jobs run with: the runtime's, or a test's copy with its own mailer, clock or configuration. */
  svc?: Services;
}

/**
 * Runs the queued jobs of the test's tenant that are due, to completion, deterministically (no polling
 * worker), and the jobs of no tenant (the outbox relay, sweeps, monitoring runs). Other tenants' jobs
 * (flagged `org:<orgId>` by their enqueue) stay queued: a test waits for its own work, not for what
 * earlier tests left behind.
 */
export async function drainJobs(rt: Runtime, scope: DrainScope): Promise<void> {
  const own = new Set((typeof scope.orgId === 'string' ? [scope.orgId] : scope.orgId).map(orgFlag));
  // Asked before each job: the flags in the queue now, but this tenant's.
  const forbiddenFlags = async (): Promise<string[]> => {
    const { rows } = await rt.queue.pool.query<{ flag: string }>(
      'SELECT DISTINCT jsonb_object_keys(flags) AS flag FROM graphile_worker._private_jobs WHERE flags IS NOT NULL',
    );
    return rows.map((r) => r.flag).filter((f) => !own.has(f));
  };
  const svc = scope.svc ?? rt.svc;
  await runOnce({ pgPool: rt.queue.pool, taskList: createTaskList(svc), logger: graphileLogger(svc.log), forbiddenFlags });
}

/**
 * Deletes the queued jobs of every tenant (flagged `org:<orgId>`) that no worker holds: when a file starts in
 * a parallel worker, those are what earlier files' tests left behind, which no test waits for. A test that
 * starts a real worker on the shared queue then runs its own work, not theirs. Jobs of no tenant stay.
 */
export async function discardFinishedTenantsJobs(rt: Runtime): Promise<void> {
  await rt.queue.pool.query(`DELETE FROM graphile_worker._private_jobs WHERE flags IS NOT NULL AND locked_at IS NULL`);
}

/**
 * Deletes the emails still pending that earlier files' tests left behind (their tenants are over, and no test waits
 * for them). For a file that tests the mail sweep, before its tests: the sweep takes the oldest due emails first, a
 * hundred at a time across tenants, so it would otherwise meet theirs instead of the test's own once more than a
 * hundred were left (the file's worker, or a serial run, shares one database with the files before it).
 */
export async function discardFinishedTenantsMail(rt: Runtime): Promise<void> {
  await rt.svc.db.query("DELETE FROM outgoing_mails WHERE state = 'pending'");
}

let tenantCounter = 0;
/** A fresh tenant: each test asserts only inside its own. */
export async function newTenant(rt: Runtime, name = `Tenant ${++tenantCounter}`): Promise<Tenant> {
  return createTenant(rt.svc, SERVICE_OPERATOR, { name });
}

/** An outbox subscriber that only records what it received. */
export class RecordingSubscriber implements EventSubscriber {
  readonly name = 'recorder';
  readonly received: EventRecord[] = [];
  async onEvents(_tx: Tx, events: EventRecord[]): Promise<void> {
    this.received.push(...events);
  }
  ids(orgId: string): string[] {
    return this.received.filter((e) => e.orgId === orgId).map((e) => e.eventId);
  }
}

/** Adds a subscriber to the shared runtime for the duration of a test. */
export async function withSubscriber<T>(rt: Runtime, sub: EventSubscriber, fn: () => Promise<T>): Promise<T> {
  rt.svc.subscribers.push(sub);
  try {
    return await fn();
  } finally {
    rt.svc.subscribers.splice(rt.svc.subscribers.indexOf(sub), 1);
  }
}
