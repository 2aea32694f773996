import { expect } from 'chai';
import { MONITORING_TICK_TASK } from '../../src/monitoring/index';
import { moduleSubscribers } from '../../src/events/index';
import { moduleMailKinds } from '../../src/mail/index';
import { defineHook, moduleCron, moduleHooks, moduleTasks, onHook, runHook, sweepChain, timedSweeps, type Services } from '../../src/platform/index';
import { WEBHOOK_DELIVERED } from '../../src/webhooks/index';
import { DOCUMENT_EXTRACTION_FAILED } from '../../src/documents/index';
import { RISK_ASSESSED } from '../../src/risk/index';
import { FEATURE_MODULES } from '../../worker/modules';
import { createTaskList } from '../../worker/tasks/index';

// The worker's tasks, sweeps and crontab, the outbox's subscribers and the hooks' handlers come from the one list of feature modules. A sweep's
// failure is logged as `<name> failed`, so these names are also the worker's log messages.
describe('feature modules (worker/modules.ts)', () => {
  it('build the sweep chain in the order the worker runs it, each named as its failure is logged', () => {
    expect(sweepChain(FEATURE_MODULES).map((s) => `${s.name} failed`)).to.deep.equal([
      'outbox sweep failed',
      'mail sweep failed',
      'idempotency key purge failed',
      'intake code sweep failed',
      'document extraction sweep failed',
      'retention sweep failed',
      'retention schedule sweep failed',
      'pipeline sweep failed',
      'work queue sweep failed',
      'sla sweep failed',
      'reminder sweep failed',
    ]);
  });

  it('run the webhook health check on its own interval, outside the chain', () => {
    const timed = timedSweeps(FEATURE_MODULES);
    expect(timed.map((s) => s.name)).to.deep.equal(['webhook health check']);
    expect(timed[0]!.every!({ webhookHealthCheckIntervalMs: 1234 } as never)).to.equal(1234);
  });

  it('give the worker its crontab: the monitoring tick every minute, no backfill, one attempt, its own queue; the queues\' SLA digest daily at 07:00 UTC; the audit heads signed daily at 00:15 UTC; inactive members suspended daily at 00:30 UTC', () => {
    expect(moduleCron(FEATURE_MODULES)).to.deep.equal([{
      task: 'members.suspend-inactive', match: '30 0 * * *', identifier: 'members.suspend-inactive', options: { backfillPeriod: 0, maxAttempts: 3 },
    }, {
      task: MONITORING_TICK_TASK, match: '* * * * *', identifier: MONITORING_TICK_TASK,
      options: { backfillPeriod: 0, maxAttempts: 1, queueName: MONITORING_TICK_TASK },
    }, {
      task: 'work-queues.sla-digest', match: '0 7 * * *', identifier: 'work-queues.sla-digest', options: { backfillPeriod: 0, maxAttempts: 3 },
    }, {
      task: 'audit.sign-heads', match: '15 0 * * *', identifier: 'audit.sign-heads', options: { backfillPeriod: 0, maxAttempts: 3 },
    }]);
  });

  it('give the outbox its subscribers, a new instance per composed service', () => {
    const first = moduleSubscribers(FEATURE_MODULES);
    expect(first.map((s) => s.name)).to.deep.equal(['pipeline', 'webhooks', 'work-queues', 'sla', 'case-metrics']);
    expect(moduleSubscribers(FEATURE_MODULES)[0]).to.not.equal(first[0]);
  });

  it('give the mail outbox its kinds of email, each contributed by the feature that owns it, once', () => {
    expect(FEATURE_MODULES.flatMap((m) => (m.mail ?? []).map((k) => `${m.name}: ${k.kind}`))).to.deep.equal([
      'invites: invite', 'members: member_link', 'oauth: removed_member_credentials', 'customer-emails: customer_email', 'intake: intake_code',
      'webhooks: webhook_alert',
      'work-queues: queue_sla_digest', 'sla: sla_at_risk',
      'notifications: member_notification',
    ]);
    expect([...moduleMailKinds(FEATURE_MODULES).keys()]).to.have.length(9);
    const twice = [{ name: 'a', mail: [{ kind: 'x' } as never] }, { name: 'b', mail: [{ kind: 'x' } as never] }];
    expect(() => moduleMailKinds(twice)).to.throw('Two feature modules contribute the mail kind "x".');
  });

  it('name each module after its feature folder, once', () => {
    const names = FEATURE_MODULES.map((m) => m.name);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.deep.equal([
      'events', 'mail', 'invites', 'idempotency', 'members', 'oauth', 'customer-emails', 'outreach', 'intake', 'documents', 'edd', 'retention', 'pipeline', 'webhooks', 'monitoring', 'work-queues', 'sla', 'notifications', 'case-metrics', 'audit-seal',
    ]);
  });

  it('give the worker its task list, each identifier once and unchanged (the names of queued jobs)', () => {
    const svc = {} as Services;
    expect(Object.keys(createTaskList(svc)).sort()).to.deep.equal([
      'audit.sign-heads', 'case.purge-check', 'deliver-webhook', 'members.suspend-inactive', 'monitoring.run-due', 'monitoring.tick', 'monitoring.watchlist-change', 'outreach.reminder', 'pipeline.document-uploaded', 'pipeline.step',
      'relay-events', 'send-mail', 'send-removed-member-credentials-mail', 'work-queues.sla-digest',
    ]);
    const twice = [{ name: 'a', tasks: { x: () => async () => undefined } }, { name: 'b', tasks: { x: () => async () => undefined } }];
    expect(() => moduleTasks(twice, svc)).to.throw('The task x is contributed twice (again by the b module).');
  });

  it('give the hooks their handlers: EDD reacts to a risk assessment (in its transaction), retention to a delivered webhook, the pipeline to a failed extraction', () => {
    expect(moduleHooks(FEATURE_MODULES).map((h) => [h.hook, h.name, Boolean(h.runInTx)])).to.deep.equal([
      [RISK_ASSESSED, 'derive EDD requirements', true],
      [WEBHOOK_DELIVERED, 'retention purge check', false],
      [DOCUMENT_EXTRACTION_FAILED, 'pipeline resume', false],
    ]);
  });

  it('run a hook\'s handlers in turn: a failing one is logged and the next still runs; other hooks\' handlers are not called', async () => {
    const ran: string[] = [];
    const logged: unknown[] = [];
    const hook = defineHook<{ n: number }>('test.hook');
    const other = defineHook<{ n: number }>('test.other');
    const svc = {
      log: { error: (fields: unknown, message: string) => logged.push([fields, message]) },
      hooks: [
        onHook(hook, 'first', async () => { throw new Error('boom'); }),
        onHook(other, 'elsewhere', async (_svc, p) => void ran.push(`other ${p.n}`)),
        onHook(hook, 'second', async (_svc, p) => void ran.push(`second ${p.n}`)),
      ],
    } as unknown as Services;
    await runHook(svc, hook, { n: 7 });
    expect(ran).to.deep.equal(['second 7']);
    expect(logged).to.have.length(1);
    const [fields, message] = logged[0] as [Record<string, unknown>, string];
    expect(message).to.equal('hook handler failed');
    expect(fields).to.deep.include({ hook: 'test.hook', handler: 'first' });
  });
});
