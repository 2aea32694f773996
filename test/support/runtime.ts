import { runOnce } from 'graphile-worker';
import { compose, type Runtime } from '../../bin/compose';
import { createTaskList } from '../../worker/tasks/index';
import { graphileLogger } from '../../worker/job-queue';
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

/**
 * Runs every queued job to completion, deterministically (no polling worker), with these services (the
 * runtime's, or a test's copy with its own mailer, clock or configuration). It runs every tenant's due jobs:
 * tests assert only inside their own tenant.
 */
export async function drainJobs(rt: Runtime, svc: Services = rt.svc): Promise<void> {
  await runOnce({ pgPool: rt.queue.pool, taskList: createTaskList(svc), logger: graphileLogger(svc.log) });
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
