import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { inTransaction, type Tx } from '../../src/db/index';
import { isDomainError } from '../../src/platform/index';
import { type Tenant } from '../../src/tenants/index';
import type { Runtime } from '../../bin/compose';
import { DbFaults } from '../support/db-faults';
import { rejection } from '../support/rejection';
import { newTenant, runtime } from '../support/runtime';

describe('transactions: a lost MySQL connection (real KILLs)', () => {
  let rt: Runtime;
  let tenant: Tenant;
  let faults: DbFaults;
  before(async () => {
    faults = await DbFaults.open();
  });
  after(() => faults.close());
  beforeEach(async () => {
    rt = await runtime();
    tenant = await newTenant(rt);
  });

  // A row only this transaction writes, counted afterwards.
  const key = () => randomBytes(16).toString('hex');
  const write = (tx: Tx, k: string) => tx.manager.query('INSERT INTO case_dedup_locks (org_id, lock_key, created_at) VALUES (?, ?, ?)', [tenant.id, k, new Date()]);
  const count = async (k: string) => Number((await rt.svc.db.query('SELECT COUNT(*) AS n FROM case_dedup_locks WHERE org_id = ? AND lock_key = ?', [tenant.id, k]))[0].n);
  /** Kills the transaction's own connection, for real, from the administrator's connection. */
  const killOwnConnection = async (tx: Tx) => {
    const [{ id }] = await tx.manager.query('SELECT CONNECTION_ID() AS id');
    await faults.killMysql([Number(id)]);
  };

  it('runs the transaction again, on another connection, when its connection is killed before COMMIT; its effects commit once', async () => {
    const k = key();
    let tries = 0;
    const result = await inTransaction(rt.svc, async (tx) => {
      tries++;
      await write(tx, k);
      if (tries === 1) {
        await killOwnConnection(tx);
        await tx.manager.query('SELECT 1');
      }
      return 'done';
    });
    expect(result).to.equal('done');
    expect(tries).to.equal(2);
    expect(await count(k)).to.equal(1);
  });

  it('answers service_unavailable after a bounded number of tries when every try loses its connection', async () => {
    const k = key();
    let tries = 0;
    const err = await rejection(inTransaction(rt.svc, async (tx) => {
      tries++;
      await write(tx, k);
      await killOwnConnection(tx);
      await tx.manager.query('SELECT 1');
    }));
    expect(isDomainError(err), String(err)).to.equal(true);
    expect(err).to.deep.include({ code: 'service_unavailable' });
    expect(tries).to.equal(4);
    expect(await count(k)).to.equal(0);
  });

  it('does not run the transaction again when the connection is lost at COMMIT (the outcome is unknown): service_unavailable', async () => {
    const k = key();
    let tries = 0;
    const err = await rejection(inTransaction(rt.svc, async (tx) => {
      tries++;
      await write(tx, k);
      // The body's work is done; its connection dies before the helper's COMMIT reaches the server.
      await killOwnConnection(tx);
    }));
    expect(isDomainError(err), String(err)).to.equal(true);
    expect(err).to.deep.include({ code: 'service_unavailable' });
    expect(tries).to.equal(1);
    // Here the server had rolled it back; the helper could not know, so it did not guess.
    expect(await count(k)).to.equal(0);
  });
});

describe('transactions: READ COMMITTED', () => {
  /** The transaction's connection, its isolation level and how many SET statements its session has run. */
  const session = async (tx: Tx) => {
    const [row]: { id: number | string; level: string }[] = await tx.manager.query('SELECT CONNECTION_ID() AS id, @@tx_isolation AS level');
    const [sets]: { Value: string }[] = await tx.manager.query("SHOW SESSION STATUS LIKE 'Com_set_option'");
    return { id: Number(row!.id), level: row!.level, sets: Number(sets!.Value) };
  };

  it('runs every transaction READ COMMITTED, setting the level once per connection rather than before each transaction', async () => {
    const rt = await runtime();
    const first = await inTransaction(rt.svc, session);
    const second = await inTransaction(rt.svc, session);
    expect([first.level, second.level]).to.deep.equal(['READ-COMMITTED', 'READ-COMMITTED']);
    // The pool hands the connection just released back first: the same session, and no SET since.
    expect(second.id).to.equal(first.id);
    expect(second.sets).to.equal(first.sets);
  });

  it('sees, in a transaction, what another connection committed meanwhile (READ COMMITTED, not a snapshot)', async () => {
    const rt = await runtime();
    const tenant = await newTenant(rt);
    const name = (q: { query: (sql: string, params: unknown[]) => Promise<{ name: string }[]> }) => q.query('SELECT name FROM tenants WHERE id = ?', [tenant.id]).then((rows) => rows[0]!.name);
    const seen = await inTransaction(rt.svc, async (tx) => {
      const before = await name(tx.manager);
      await rt.svc.db.query('UPDATE tenants SET name = ? WHERE id = ?', [`${before} renamed`, tenant.id]);
      return [before, await name(tx.manager)];
    });
    expect(seen[1]).to.equal(`${seen[0]} renamed`);
  });
});
