import { expect } from 'chai';
import { createLogger } from '../../src/platform/index';
import { GraphileJobQueue, WAKE_HORIZON_MS } from '../../worker/job-queue';
import { runtime } from '../support/runtime';

describe('worker: the job queue\'s wake-ups', function () {
  this.timeout(30_000);
  let queue: GraphileJobQueue;
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  before(async () => {
    const rt = await runtime();
    queue = new GraphileJobQueue(rt.svc.config.pgUrl, createLogger('silent'), 1);
    process.on('warning', onWarning);
  });
  after(async () => {
    process.off('warning', onWarning);
    await queue.close();
  });

  it('a job due soon gets a wake-up timer; one due in 30 days (past Node\'s timer range) or past the horizon gets none and no TimeoutOverflowWarning', async () => {
    const task = `wake-test-${Date.now()}`;
    await queue.enqueue(task, {}, { runAt: new Date(Date.now() + 30 * 86_400_000), jobKey: `${task}-far` });
    await queue.enqueueMany([{ task, payload: {}, options: { runAt: new Date(Date.now() + WAKE_HORIZON_MS + 60_000), jobKey: `${task}-beyond` } }]);
    expect(queue.pendingWakeups).to.equal(0);
    await queue.enqueue(task, {}, { runAt: new Date(Date.now() + 60_000), jobKey: `${task}-soon` });
    expect(queue.pendingWakeups).to.equal(1);
    // A warning is emitted on the next tick: let it come if it would.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.name === 'TimeoutOverflowWarning')).to.deep.equal([]);
    await queue.pool.query('DELETE FROM graphile_worker._private_jobs WHERE key LIKE $1', [`${task}-%`]);
  });
});
