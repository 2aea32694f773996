import { expect } from 'chai';
import { MONITORING_TICK_TASK } from '../../src/monitoring/index';
import { moduleCron, moduleMailKinds, moduleSubscribers, sweepChain, timedSweeps } from '../../src/platform/index';
import { FEATURE_MODULES } from '../../worker/modules';

// The worker's sweeps and crontab and the outbox's subscribers come from the one list of feature modules. A sweep's
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
      'pipeline sweep failed',
      'reminder sweep failed',
    ]);
  });

  it('run the webhook health check on its own interval, outside the chain', () => {
    const timed = timedSweeps(FEATURE_MODULES);
    expect(timed.map((s) => s.name)).to.deep.equal(['webhook health check']);
    expect(timed[0]!.every!({ webhookHealthCheckIntervalMs: 1234 } as never)).to.equal(1234);
  });

  it('give the worker its crontab: the monitoring tick every minute, no backfill, one attempt, its own queue', () => {
    expect(moduleCron(FEATURE_MODULES)).to.deep.equal([{
      task: MONITORING_TICK_TASK, match: '* * * * *', identifier: MONITORING_TICK_TASK,
      options: { backfillPeriod: 0, maxAttempts: 1, queueName: MONITORING_TICK_TASK },
    }]);
  });

  it('give the outbox its subscribers, a new instance per composed service', () => {
    const first = moduleSubscribers(FEATURE_MODULES);
    expect(first.map((s) => s.name)).to.deep.equal(['webhooks']);
    expect(moduleSubscribers(FEATURE_MODULES)[0]).to.not.equal(first[0]);
  });

  it('give the mail outbox its kinds of email, each contributed by the feature that owns it, once', () => {
    expect(FEATURE_MODULES.flatMap((m) => (m.mail ?? []).map((k) => `${m.name}: ${k.kind}`))).to.deep.equal([
      'invites: invite', 'tenants: member_link', 'outreach: customer_email', 'intake: intake_code', 'webhooks: webhook_alert',
      'oauth: removed_member_credentials',
    ]);
    expect([...moduleMailKinds(FEATURE_MODULES).keys()]).to.have.length(6);
    const twice = [{ name: 'a', mail: [{ kind: 'x' } as never] }, { name: 'b', mail: [{ kind: 'x' } as never] }];
    expect(() => moduleMailKinds(twice)).to.throw('Two feature modules contribute the mail kind "x".');
  });

  it('name each module after its feature folder, once', () => {
    const names = FEATURE_MODULES.map((m) => m.name);
    expect(new Set(names).size).to.equal(names.length);
    expect(names).to.deep.equal([
      'events', 'mail', 'invites', 'idempotency', 'tenants', 'outreach', 'intake', 'documents', 'retention', 'pipeline', 'webhooks', 'monitoring', 'oauth',
    ]);
  });
});
