import { expect } from 'chai';
import type { Tenant } from '../../src/tenants/index';
import { DbFaults, databaseOf } from '../support/db-faults';
import { TEST_MYSQL_URL } from '../support/env';
import { RestHarness, uniqueEmail, type ApiAnswer } from './harness';

// A statement that reads or writes a table waits here while the test holds LOCK TABLES ... WRITE on it.
const WAITING = 'Waiting for table metadata lock';

describe('REST: transient MySQL faults (real connection KILLs)', () => {
  let api: RestHarness;
  let faults: DbFaults;
  let tenant: Tenant;
  let token: string;
  const db = databaseOf(TEST_MYSQL_URL);
  before(async () => {
    api = await RestHarness.start();
    faults = await DbFaults.open();
  });
  after(async () => {
    await faults.close();
    await api.close();
  });
  beforeEach(async () => {
    ({ tenant, token } = await api.tenant());
  });

  const casesOf = async (orgId: string) => Number((await api.svc.db.query('SELECT COUNT(*) AS n FROM cases WHERE org_id = ?', [orgId]))[0].n);
  const createdEventsOf = async (orgId: string) =>
    Number((await api.svc.db.query(`SELECT COUNT(*) AS n FROM events WHERE org_id = ? AND type = 'case.created'`, [orgId]))[0].n);

  /**
   * Runs `request` while `table` is locked, and kills the connection of each statement that waits on
   * the lock, up to `kills` times (or until the answer comes); then unlocks.
   */
  async function underKills(request: () => Promise<ApiAnswer>, kills: number, table = 'cases'): Promise<{ answer: ApiAnswer; killed: number[] }> {
    await faults.mysql.query(`LOCK TABLES \`${db}\`.\`${table}\` WRITE`);
    const killed: number[] = [];
    let answer: ApiAnswer | undefined;
    const pending = request().then((a) => (answer = a));
    try {
      while (killed.length < kills && answer === undefined) {
        const id = await Promise.race([faults.waitForMysqlState(db, WAITING, killed), pending.then(() => null)]);
        if (id === null) break;
        await faults.killMysql([id]);
        killed.push(id);
      }
    } finally {
      await faults.mysql.query('UNLOCK TABLES');
    }
    return { answer: await pending, killed };
  }

  it('POST /v1/cases whose connection is killed before COMMIT is run again inside: one 201, one case, one case.created', async () => {
    const body = { customerEmail: uniqueEmail(), companyName: 'Killed Once Ltd' };
    const { answer, killed } = await underKills(() => api.post('/v1/cases', token, body, { 'Idempotency-Key': 'killed-once' }), 1);
    expect(killed).to.have.length(1);
    expect(answer.status, answer.text).to.equal(201);
    expect(answer.body.customerEmail).to.equal(body.customerEmail);
    expect(await casesOf(tenant.id)).to.equal(1);
    expect(await createdEventsOf(tenant.id)).to.equal(1);
  });

  it('answers 503 service_unavailable with Retry-After, never 500, when every try loses its connection; the same Idempotency-Key then creates the case once', async () => {
    const body = { customerEmail: uniqueEmail(), companyName: 'Killed Always Ltd' };
    const send = () => api.post('/v1/cases', token, body, { 'Idempotency-Key': 'killed-always' });
    const { answer, killed } = await underKills(send, 10);
    // Bounded: the transaction helper tries 4 times, then gives up.
    expect(killed).to.have.length(4);
    expect(answer.status, answer.text).to.equal(503);
    expect(answer.headers.get('retry-after')).to.equal('1');
    expect(answer.body).to.deep.equal({
      error: 'service_unavailable',
      message: 'The service lost its database connection. Retry the request after Retry-After seconds; with the same Idempotency-Key a retry is safe.',
      requestId: answer.headers.get('x-request-id'),
    });
    expect(answer.body.requestId).to.match(/^[0-9a-f-]{36}$/);
    expect(await casesOf(tenant.id)).to.equal(0);

    const retried = await send();
    expect(retried.status, retried.text).to.equal(201);
    const replayed = await send();
    expect(replayed.status).to.equal(201);
    expect(replayed.headers.get('idempotent-replay')).to.equal('true');
    expect(replayed.body).to.deep.equal(retried.body);
    expect(await casesOf(tenant.id)).to.equal(1);
    expect(await createdEventsOf(tenant.id)).to.equal(1);
  });

  it('answers a read whose connection is killed with 503 service_unavailable and Retry-After, never 500', async () => {
    const { answer, killed } = await underKills(() => api.get('/v1/cases', token), 1);
    expect(killed).to.have.length(1);
    expect(answer.status, answer.text).to.equal(503);
    expect(answer.headers.get('retry-after')).to.equal('1');
    expect(answer.body.error).to.equal('service_unavailable');
    expect((await api.get('/v1/cases', token)).status).to.equal(200);
  });

  it('takes the Idempotency-Key again on another connection when the first is killed: one 201', async () => {
    const body = { customerEmail: uniqueEmail(), companyName: 'Killed Claim Ltd' };
    const { answer, killed } = await underKills(() => api.post('/v1/cases', token, body, { 'Idempotency-Key': 'killed-claim' }), 1, 'idempotency_keys');
    expect(killed).to.have.length(1);
    expect(answer.status, answer.text).to.equal(201);
    expect(await casesOf(tenant.id)).to.equal(1);
  });
});
