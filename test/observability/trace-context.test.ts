import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Runtime } from '../../bin/compose';
import { EventRecord } from '../../src/events/index';
import { PIPELINE_STEP_TASK } from '../../src/pipeline/index';
import type { Services, SpanOptions, TraceCarrier, Tracing } from '../../src/platform/index';
import { GraphileJobQueue } from '../../worker/job-queue';
import { drainJobs, newTenant, runtime } from '../support/runtime';
import { newEndpoint, receiversPerTest, recordTestEvent } from '../webhooks/support';

interface FakeSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
}

/** The tracing port as a recorder: W3C carriers in and out, the current span in an AsyncLocalStorage, no SDK. */
class RecordingTracing implements Tracing {
  readonly spans: FakeSpan[] = [];
  private readonly current = new AsyncLocalStorage<FakeSpan>();

  capture(): TraceCarrier | null {
    const s = this.current.getStore();
    return s ? { traceparent: `00-${s.traceId}-${s.spanId}-01` } : null;
  }

  private start(name: string, options: SpanOptions): FakeSpan {
    const [, traceId, spanId] = options.parent?.traceparent?.split('-') ?? [];
    const parent = traceId && spanId ? { traceId, spanId } : this.current.getStore();
    const span = {
      name, traceId: parent?.traceId ?? randomBytes(16).toString('hex'), spanId: randomBytes(8).toString('hex'),
      parentSpanId: parent?.spanId ?? '', attributes: options.attributes ?? {},
    };
    this.spans.push(span);
    return span;
  }

  span<T>(name: string, options: SpanOptions, fn: () => Promise<T>): Promise<T> {
    return this.current.run(this.start(name, options), fn);
  }

  open(name: string, options: SpanOptions): { end(): void } {
    this.start(name, options);
    return { end() {} };
  }

  nameRequest(): void {}

  named(name: string): FakeSpan[] {
    return this.spans.filter((s) => s.name === name);
  }
}

describe('observability: the trace context travels with events and jobs (the tracing port, no SDK)', function () {
  this.timeout(20_000);
  let rt: Runtime;
  const receiver = receiversPerTest();
  before(async () => {
    rt = await runtime();
  });

  it('an event recorded in a traced request: its row keeps the context, and its relay and its webhook attempt continue that trace', async () => {
    const tracing = new RecordingTracing();
    const svc: Services = { ...rt.svc, tracing };
    const tenant = await newTenant(rt);
    const r = await receiver();
    await newEndpoint(svc, { orgId: tenant.id, url: r.url() });
    const event = await tracing.span('POST /v1/something', {}, () => recordTestEvent(svc, tenant.id, 'traced'));
    const [request] = tracing.named('POST /v1/something');
    const [row] = await svc.db.manager.find(EventRecord, { where: { orgId: tenant.id, eventId: event.eventId } });
    expect(JSON.parse(row!.traceContext!)).to.deep.equal({ traceparent: `00-${request!.traceId}-${request!.spanId}-01` });

    await drainJobs(rt, { orgId: tenant.id, svc });
    await r.waitForRequests(1);
    const relay = tracing.named('event.relay').filter((s) => s.attributes['svc.event.id'] === event.eventId);
    const deliver = tracing.named('webhook.deliver').filter((s) => s.traceId === request!.traceId);
    expect(relay.map((s) => [s.traceId, s.parentSpanId])).to.deep.equal([[request!.traceId, request!.spanId]]);
    expect(deliver.map((s) => [s.parentSpanId, s.attributes['svc.webhook.attempt']])).to.deep.equal([[request!.spanId, 1]]);
  });

  it('an event recorded outside any trace stores none, and its relay opens no span', async () => {
    const tracing = new RecordingTracing();
    const svc: Services = { ...rt.svc, tracing };
    const tenant = await newTenant(rt);
    const event = await recordTestEvent(svc, tenant.id, 'untraced');
    const [row] = await svc.db.manager.find(EventRecord, { where: { orgId: tenant.id, eventId: event.eventId } });
    expect(row!.traceContext).to.equal(null);
    await drainJobs(rt, { orgId: tenant.id, svc });
    expect(tracing.named('event.relay').filter((s) => s.attributes['svc.event.id'] === event.eventId)).to.deep.equal([]);
  });

  it('a job enqueued inside a traced unit of work carries its context and runs as a span of that trace', async () => {
    const tracing = new RecordingTracing();
    const queue = new GraphileJobQueue(rt.svc.config.pgUrl, rt.svc.log, 2, tracing);
    try {
      const svc: Services = { ...rt.svc, jobs: queue, tracing };
      const tenant = await newTenant(rt);
      // A step job for a case with no pipeline: it finds nothing to do (idle), which is all this needs.
      await tracing.span('a request', {}, () => queue.enqueue(PIPELINE_STEP_TASK, { orgId: tenant.id, casePk: 987_654_321 }, { orgId: tenant.id }));
      const [request] = tracing.named('a request');
      const { rows } = await queue.pool.query<{ payload: Record<string, unknown> }>(
        `SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
         WHERE t.identifier = $1 AND j.payload->>'orgId' = $2`, [PIPELINE_STEP_TASK, tenant.id],
      );
      expect(rows.map((r) => r.payload)).to.deep.equal([{
        orgId: tenant.id, casePk: 987_654_321, _trace: JSON.stringify({ traceparent: `00-${request!.traceId}-${request!.spanId}-01` }),
      }]);
      await drainJobs(rt, { orgId: tenant.id, svc });
      const [job] = tracing.named(`job ${PIPELINE_STEP_TASK}`);
      expect(job).to.deep.include({ traceId: request!.traceId, parentSpanId: request!.spanId });
      expect(job!.attributes['svc.job.task']).to.equal(PIPELINE_STEP_TASK);
    } finally {
      await queue.close();
    }
  });
});
