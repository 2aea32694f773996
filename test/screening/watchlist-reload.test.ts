import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Services } from '../../src/platform/index';
import {
  latestScreeningVersion, LocalScreeningProvider, screenCase, screeningRunsOf, watchlistReloadLog, type ScreeningMatch, type ScreeningSubject,
} from '../../src/screening/index';
import type { Tenant } from '../../src/tenants/index';
import { runNode } from '../support/processes';
import { testEnv } from '../support/env';
import { newTenant, runtime } from '../support/runtime';
import { caseWithApplication, systemOf } from './support';

// Lists that change (issue 27): the version each screening run records, `svc watchlist:reload` (a full
// reload and an OpenSanctions delta), the file watcher, and a broken list that leaves the current one.

const person = (name: string, more: Partial<ScreeningSubject> = {}): ScreeningSubject => ({
  subjectId: 'director:0', name, role: 'director', schema: 'Person', birthDate: null, nationality: null, country: null, ...more,
});
const ids = (ms: ScreeningMatch[]) => ms.map((m) => m.entityId);
const entity = (id: string, name: string, topics = ['sanction']) => ({ id, schema: 'Person', caption: name, properties: { name: [name], topics }, datasets: ['test_list'] });
const lines = (...es: object[]) => `${es.map((e) => JSON.stringify(e)).join('\n')}\n`;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A logger that keeps what the provider logs; `when(msg)` resolves once it logs that (within 10 s, else rejects). */
function recordingLog() {
  const seen: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const waiting: { msg: string; resolve: () => void }[] = [];
  const push = (level: string) => (obj: object, msg: string) => {
    seen.push({ level, msg, obj: obj as Record<string, unknown> });
    for (const w of waiting.filter((x) => x.msg === msg)) w.resolve();
  };
  return {
    seen,
    info: push('info'),
    warn: push('warn'),
    when: (msg: string) => new Promise<void>((resolve, reject) => {
      if (seen.some((l) => l.msg === msg)) return resolve();
      const timer = setTimeout(() => reject(new Error(`not logged within 10 s: ${msg}`)), 10_000);
      waiting.push({ msg, resolve: () => { clearTimeout(timer); resolve(); } });
    }),
  };
}

describe('screening: lists that change (versions, watchlist:reload, deltas)', function () {
  this.timeout(60_000);
  let svc: Services;
  let tenant: Tenant;
  let dir: string;
  let original: Services['screening'];
  before(async () => {
    const rt = await runtime();
    svc = rt.svc;
    original = svc.screening;
    tenant = await newTenant(rt);
    dir = await mkdtemp(join(tmpdir(), 'watchlist-reload-'));
  });
  after(async () => {
    svc.screening = original;
    await rm(dir, { recursive: true, force: true });
  });

  /** A provider over `path` that polls the service's reload requests, as every API and worker process does. */
  const provider = (path: string, log = recordingLog()) =>
    Object.assign(new LocalScreeningProvider({ path, threshold: 0.7, reloads: watchlistReloadLog(svc.db, svc.clock), log }), { logged: log });
  const cli = (path: string, ...args: string[]) => runNode('bin/svc.js', ['watchlist:reload', ...args], testEnv({ WATCHLIST_PATH: path }));

  it('a run records the OpenSanctions dataset version from the index.json beside the list (else the file\'s SHA-256) in screening.completed and its run', async () => {
    const sub = await mkdtemp(join(dir, 'os-'));
    const path = join(sub, 'entities.ftm.json');
    const text = lines(entity('os-1', 'Quentin Farnsworth-Ablewhite'));
    await writeFile(path, text);
    const bare = new LocalScreeningProvider({ path, threshold: 0.7 });
    expect(await bare.listVersion()).to.equal(`sha256:${sha256(text)}`);
    await writeFile(join(sub, 'index.json'), JSON.stringify({ name: 'sanctions', title: 'Consolidated Sanctions', version: '20251120083201-jpw', last_export: '2025-11-20T08:32:01' }));
    const p = new LocalScreeningProvider({ path, threshold: 0.7 });
    expect(await p.listVersion()).to.equal('sanctions@20251120083201-jpw');

    svc.screening = p;
    const c = await caseWithApplication(svc, tenant, { companyName: 'Ablewhite Freight Ltd', directors: [{ name: 'Quentin Farnsworth-Ablewhite' }], ubos: [] });
    const result = await screenCase(svc, systemOf(tenant.id), c.ref);
    expect(result).to.deep.include({ done: true, newHits: ['os-1'], watchlistVersion: 'sanctions@20251120083201-jpw' });
    const [completed]: { data: string }[] = await svc.db.query(
      "SELECT data FROM events WHERE org_id = ? AND case_pk = ? AND type = 'screening.completed'", [tenant.id, c.pk],
    );
    expect(JSON.parse(completed!.data)).to.deep.include({ screened: 2, watchlistVersion: 'sanctions@20251120083201-jpw' });
    const runs = await screeningRunsOf(svc.db, tenant.id, c.pk);
    expect(runs.map((r) => [r.provider, r.watchlistVersion, r.screened, r.newHits])).to.deep.equal([['local', 'sanctions@20251120083201-jpw', 2, 1]]);
    expect(await latestScreeningVersion(svc.db, tenant.id, c.pk)).to.equal('sanctions@20251120083201-jpw');
    // Another tenant sees no run of this case.
    const other = await newTenant(await runtime());
    expect(await screeningRunsOf(svc.db, other.id, c.pk)).to.deep.equal([]);
    expect(await latestScreeningVersion(svc.db, other.id, c.pk)).to.equal(null);
  });

  it('watchlist:reload makes a running provider take the new list: queries answer from the old index while the new one is built, then the new entity matches', async () => {
    const path = join(dir, 'full.jsonl');
    // Enough filler for the load to take a while.
    const filler = Array.from({ length: 20_000 }, (_, i) => entity(`f-${i}`, `Filler Person${i} Number${i % 97}`));
    await writeFile(path, lines(entity('x-1', 'Quentin Farnsworth-Ablewhite'), ...filler));
    const p = provider(path);
    const before = await p.load();
    expect(ids(await p.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal([]);

    await writeFile(path, lines(entity('x-1', 'Quentin Farnsworth-Ablewhite'), entity('x-2', 'Ignatius Pemberton-Vale'), ...filler));
    const out = await cli(path);
    expect(out.code, out.stderr).to.equal(0);
    const body = JSON.parse(out.stdout) as Record<string, unknown>;
    expect(Object.keys(body)).to.deep.equal(['reloadId', 'kind', 'path', 'digest', 'upserts', 'removed']);
    expect(body).to.deep.include({ kind: 'full', path, digest: sha256(await readFile(path, 'utf8')), upserts: null, removed: null });

    let swapped = false;
    const reloading = p.refresh().then((s) => {
      swapped = true;
      return s;
    });
    // While the new index is being built, queries answer at once from the current one.
    expect(ids(await p.screen(person('Quentin Farnsworth Ablewhite')))).to.deep.equal(['x-1']);
    expect(ids(await p.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal([]);
    expect(await p.listVersion()).to.equal(before.version);
    expect(swapped).to.equal(false);
    const after = await reloading;
    expect(after.version).to.equal(`sha256:${body.digest}`);
    expect(after.entities).to.equal(20_002);
    expect(ids(await p.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal(['x-2']);
    expect(p.changeOf(body.reloadId as number)).to.deep.include({ kind: 'full', fromVersion: before.version, toVersion: after.version, removed: [] });
    expect(p.changeOf(body.reloadId as number)!.upserts.map((e) => e.id)).to.deep.equal(['x-2']);
    expect(p.logged.seen.map((l) => l.msg)).to.include('watchlist reloaded');
  });

  it('a broken list keeps the current one (and says why); a file that cannot be read is refused by the command', async () => {
    const path = join(dir, 'broken.jsonl');
    await writeFile(path, lines(entity('b-1', 'Quentin Farnsworth-Ablewhite')));
    const p = provider(path);
    const before = await p.load();
    await writeFile(path, 'this is not\na FollowTheMoney export\n');
    const out = await cli(path);
    expect(out.code, out.stderr).to.equal(0);
    const after = await p.refresh();
    expect(after.version).to.equal(before.version);
    expect(ids(await p.screen(person('Quentin Farnsworth Ablewhite')))).to.deep.equal(['b-1']);
    const warned = p.logged.seen.find((l) => l.msg === 'watchlist reload failed; the current list stays');
    expect(warned?.obj).to.deep.include({ kind: 'full', reloadId: JSON.parse(out.stdout).reloadId, err: '2 line(s) and no entity: not a FollowTheMoney watchlist' });

    const missing = await cli(join(dir, 'missing.jsonl'));
    expect([missing.code, missing.stdout]).to.deep.equal([1, '']);
    expect(missing.stderr).to.match(/^validation_failed: WATCHLIST_PATH: .*missing\.jsonl cannot be read: ENOENT\n$/);
  });

  it('watchlist:reload --delta applies an OpenSanctions delta in place (ADD, MOD, DEL); a process started later loads the file and the same deltas', async () => {
    const sub = await mkdtemp(join(dir, 'delta-'));
    const path = join(sub, 'list.jsonl');
    await writeFile(path, lines(entity('d-1', 'Quentin Farnsworth-Ablewhite'), entity('d-2', 'Ignatius Pemberton-Vale'), entity('d-3', 'Bartholomew Quickfoot-Lane')));
    // A full reload first: the deltas that count are those after the last full reload.
    expect((await cli(path)).code).to.equal(0);
    const p = provider(path);
    const before = await p.load();
    const deltaPath = join(sub, 'delta-1.json');
    await writeFile(deltaPath, [
      JSON.stringify({ op: 'ADD', entity: entity('d-4', 'Cornelius Oakhampton-Reeve') }),
      JSON.stringify({ op: 'MOD', entity: entity('d-1', 'Quentin Farnsworth-Ablewhite', ['role.pep']) }),
      JSON.stringify({ op: 'DEL', entity: { id: 'd-2' } }),
      'not json',
    ].join('\n'));
    await writeFile(join(sub, 'delta.json'), JSON.stringify({ versions: { '20251121000000-abc': 'https://data.example/datasets/delta-1.json' } }));
    const out = await cli(path, '--delta', deltaPath);
    expect(out.code, out.stderr).to.equal(0);
    expect(JSON.parse(out.stdout)).to.deep.include({ kind: 'delta', path: deltaPath, upserts: 2, removed: 1 });

    const after = await p.refresh();
    expect(after).to.deep.include({ entities: 3, version: '20251121000000-abc', deltas: 1, digest: before.digest });
    expect(ids(await p.screen(person('Cornelius Oakhampton-Reeve')))).to.deep.equal(['d-4']);
    expect(ids(await p.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal([]);
    const modified = (await p.screen(person('Quentin Farnsworth-Ablewhite')))[0]!;
    expect([modified.entityId, modified.isSanctioned, modified.isPep]).to.deep.equal(['d-1', false, true]);
    expect(ids(await p.screen(person('Bartholomew Quickfoot-Lane')))).to.deep.equal(['d-3']);

    // A process started now: the file, then the delta recorded since the last full reload.
    const fresh = provider(path);
    expect(await fresh.load()).to.deep.include({ entities: 3, version: '20251121000000-abc', deltas: 1 });
    expect(ids(await fresh.screen(person('Cornelius Oakhampton-Reeve')))).to.deep.equal(['d-4']);
    expect(ids(await fresh.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal([]);

    const empty = join(sub, 'empty.json');
    await writeFile(empty, '{"op": "NOPE"}\n');
    const refused = await cli(path, '--delta', empty);
    expect([refused.code, refused.stdout]).to.deep.equal([1, '']);
    expect(refused.stderr).to.match(/^validation_failed: delta: No ADD, MOD or DEL operation in .*empty\.json \(1 line\(s\) not understood\)\.\n$/);
  });

  it('a replaced file is taken by watching it (fs.watch), told to the other processes as a reload request', async () => {
    const sub = await mkdtemp(join(dir, 'watch-'));
    const path = join(sub, 'list.jsonl');
    await writeFile(path, lines(entity('w-1', 'Quentin Farnsworth-Ablewhite')));
    const log = recordingLog();
    const p = new LocalScreeningProvider({ path, threshold: 0.7, reloads: watchlistReloadLog(svc.db, svc.clock), log, watch: true });
    try {
      await p.load();
      await writeFile(path, lines(entity('w-1', 'Quentin Farnsworth-Ablewhite'), entity('w-2', 'Ignatius Pemberton-Vale')));
      await log.when('watchlist reloaded');
      expect(ids(await p.screen(person('Ignatius Pemberton-Vale')))).to.deep.equal(['w-2']);
      const [row]: { kind: string; requested_by: string; digest: string }[] = await svc.db.query(
        'SELECT kind, requested_by, digest FROM watchlist_reloads WHERE path = ? ORDER BY id DESC LIMIT 1', [path],
      );
      expect(row).to.deep.equal({ kind: 'full', requested_by: 'watch', digest: sha256(await readFile(path, 'utf8')) });
    } finally {
      p.close();
    }
  });
});
