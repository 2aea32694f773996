import { expect } from 'chai';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  LocalServiceError, answers, ensureChromium, ensureLocalServers, localServersFor, type LocalServer,
} from '../bin/local-services';
import { DIST, freePort, runNode } from './support/processes';

/** The LocalServiceError `p` rejects with; fails the test when it resolves or rejects with anything else. */
async function rejection(p: Promise<unknown>): Promise<LocalServiceError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof LocalServiceError) return err;
    throw err;
  }
  throw new Error('expected a LocalServiceError');
}

/**
 * The servers here are stand-ins on free ports (test/fixtures/background-server.ts: a real process that
 * detaches and listens after a start-up delay), so that the shared MariaDB and PostgreSQL are never
 * stopped. The real commands are in localServersFor; docs/architecture.md ("Tests") says how they were tried by hand.
 */
describe('a fresh development machine: local servers and Chromium (ensure-local-services)', function () {
  this.timeout(30_000);
  const scratch = () => mkdtempSync(join(tmpdir(), 'svc-local-'));
  const fixture = join(DIST, 'test', 'fixtures', 'background-server.js');
  const pidFiles: string[] = [];
  const listening: Server[] = [];
  after(() => {
    for (const file of pidFiles.filter((f) => existsSync(f))) {
      try {
        process.kill(Number(readFileSync(file, 'utf8')));
      } catch {
        // already gone
      }
    }
    for (const s of listening) s.close();
  });

  /** A stand-in server on a free port whose start command is the fixture. */
  async function standIn(installed = true): Promise<{ server: LocalServer; pidFile: string }> {
    const port = await freePort();
    const pidFile = join(scratch(), 'pid');
    pidFiles.push(pidFile);
    const server: LocalServer = {
      name: 'TestDB', host: '127.0.0.1', port, missingHint: 'Install TestDB.',
      start: installed ? { command: process.execPath, args: [fixture, String(port), pidFile] } : null,
    };
    return { server, pidFile };
  }

  it('starts an installed server that does not answer, and resolves only once it answers', async () => {
    const { server, pidFile } = await standIn();
    expect(await answers('127.0.0.1', server.port)).to.equal(false);
    const lines: string[] = [];
    await ensureLocalServers([server], { nodeEnv: 'test', say: (line) => lines.push(line) });
    expect(await answers('127.0.0.1', server.port)).to.equal(true);
    expect(existsSync(pidFile)).to.equal(true);
    expect(lines).to.have.length(2);
    expect(lines[0]).to.equal(`TestDB is not answering at 127.0.0.1:${server.port}; starting it: ${process.execPath} ${fixture} ${server.port} ${pidFile}`);
    expect(lines[1]).to.match(new RegExp(`^TestDB answers at 127\\.0\\.0\\.1:${server.port} \\((\\d+\\.\\d) s\\)$`));
  });

  it('leaves a server that answers alone and says nothing', async () => {
    const { server, pidFile } = await standIn();
    const running = createServer((socket) => socket.end());
    listening.push(running);
    await new Promise<void>((resolve) => running.listen(server.port, '127.0.0.1', resolve));
    const lines: string[] = [];
    await ensureLocalServers([server], { nodeEnv: 'development', say: (line) => lines.push(line) });
    expect(lines).to.deep.equal([]);
    expect(existsSync(pidFile), 'the start command ran').to.equal(false);
  });

  it('starts nothing under NODE_ENV=production or any other but development and test', async () => {
    for (const nodeEnv of ['production', 'staging']) {
      const { server, pidFile } = await standIn();
      const lines: string[] = [];
      await ensureLocalServers([server], { nodeEnv, say: (line) => lines.push(line) });
      expect(lines, nodeEnv).to.deep.equal([]);
      expect(existsSync(pidFile), nodeEnv).to.equal(false);
      expect(await answers('127.0.0.1', server.port), nodeEnv).to.equal(false);
    }
  });

  it('says what to do, for every server at once, when one is not installed or its start command fails', async () => {
    const missing = (await standIn(false)).server;
    const failing = (await standIn()).server;
    failing.name = 'OtherDB';
    failing.start = { command: process.execPath, args: ['-e', "process.stderr.write('permission denied\\n'); process.exit(3)"] };
    const started = Date.now();
    const err = await rejection(ensureLocalServers([missing, failing], { nodeEnv: 'development', say: () => {} }));
    expect(err).to.be.instanceOf(LocalServiceError);
    expect(err.message).to.equal([
      `TestDB is not answering at 127.0.0.1:${missing.port} and is not installed on this machine. Install TestDB.`,
      `OtherDB did not start at 127.0.0.1:${failing.port}: \`${process.execPath} -e ${failing.start.args[1]}\` exited with 3: permission denied`,
    ].join('\n'));
    expect(Date.now() - started, 'a failed start is not waited on for a minute').to.be.lessThan(10_000);
  });

  it("names the machine's MariaDB and the PostgreSQL cluster of the URL's port, with Debian's start commands, and nothing else", () => {
    const root = scratch();
    mkdirSync(join(root, 'usr', 'sbin'), { recursive: true });
    writeFileSync(join(root, 'usr', 'sbin', 'mariadbd'), '');
    for (const [version, name, conf] of [['15', 'main', "port = 5432\t\t\t\t# (change requires restart)\n"], ['17', 'spare', '#port = 5432\nport = 5433\n']] as const) {
      mkdirSync(join(root, 'etc', 'postgresql', version, name), { recursive: true });
      writeFileSync(join(root, 'etc', 'postgresql', version, name, 'postgresql.conf'), `listen_addresses = 'localhost'\n${conf}`);
    }
    const defaults = { mysqlUrl: 'mysql://root@127.0.0.1:3306/svc', pgUrl: 'postgres://postgres@127.0.0.1:5432/svc' };
    const starts = (urls: typeof defaults, at = root) => localServersFor(urls, at).map((s) => [s.name, s.host, s.port, s.start && [s.start.command, ...s.start.args].join(' ')]);
    expect(starts(defaults)).to.deep.equal([
      ['MariaDB', '127.0.0.1', 3306, `start-stop-daemon --start --oknodo --background --exec ${join(root, 'usr', 'sbin', 'mariadbd')}`],
      ['PostgreSQL', '127.0.0.1', 5432, 'pg_ctlcluster --skip-systemctl-redirect 15 main start'],
    ]);
    expect(starts({ mysqlUrl: 'mysql://root@localhost/svc', pgUrl: 'postgresql://postgres@localhost:5433/svc' })).to.deep.equal([
      ['MariaDB', 'localhost', 3306, `start-stop-daemon --start --oknodo --background --exec ${join(root, 'usr', 'sbin', 'mariadbd')}`],
      ['PostgreSQL', 'localhost', 5433, 'pg_ctlcluster --skip-systemctl-redirect 17 spare start'],
    ]);
    // Another machine, or a port no local server listens on, is not this machine's to start.
    expect(starts({ mysqlUrl: 'mysql://root@db.example.com:3306/svc', pgUrl: 'postgres://postgres@10.0.0.5:5432/svc' })).to.deep.equal([]);
    expect(starts({ mysqlUrl: 'mysql://root@127.0.0.1:1/svc', pgUrl: 'postgres://postgres@127.0.0.1:5499/svc' })).to.deep.equal([]);
    // Not installed: named, so that the message says what to do.
    expect(starts(defaults, scratch())).to.deep.equal([['MariaDB', '127.0.0.1', 3306, null], ['PostgreSQL', '127.0.0.1', 5432, null]]);
  });

  describe("Debian's Chromium", () => {
    /** A stand-in apt-get first on PATH: logs how it was called; `install` creates the browser file. */
    function fakeApt(exitCode = 0) {
      const dir = scratch();
      const log = join(dir, 'apt.log');
      const chromium = join(dir, 'chromium');
      writeFileSync(join(dir, 'apt-get'), [
        '#!/bin/sh', 'echo "$DEBIAN_FRONTEND $*" >> "$APT_LOG"', `[ ${exitCode} -ne 0 ] && { echo "E: Unable to locate package chromium" >&2; exit ${exitCode}; }`,
        'case "$*" in *install*) touch "$FAKE_CHROMIUM";; esac', 'exit 0', '',
      ].join('\n'));
      chmodSync(join(dir, 'apt-get'), 0o755);
      const env = { ...process.env, PATH: `${dir}:${process.env.PATH}`, APT_LOG: log, FAKE_CHROMIUM: chromium };
      return { chromium, env, calls: () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []) };
    }

    it('finds an installed Chromium and runs nothing', async () => {
      const apt = fakeApt();
      writeFileSync(apt.chromium, '');
      const lines: string[] = [];
      expect(await ensureChromium({ path: apt.chromium, root: true, env: apt.env, say: (l) => lines.push(l) })).to.equal(apt.chromium);
      expect(apt.calls()).to.deep.equal([]);
      expect(lines).to.deep.equal([]);
    });

    it('installs it with apt-get update then apt-get install -y chromium when running as root', async () => {
      const apt = fakeApt();
      const lines: string[] = [];
      expect(await ensureChromium({ path: apt.chromium, root: true, env: apt.env, say: (l) => lines.push(l) })).to.equal(apt.chromium);
      expect(apt.calls()).to.deep.equal([
        'noninteractive -qq -o DPkg::Lock::Timeout=300 update',
        'noninteractive -qq -o DPkg::Lock::Timeout=300 install -y chromium',
      ]);
      expect(lines).to.deep.equal([
        `Chromium is not installed at ${apt.chromium}: installing Debian's package (apt-get update, apt-get install -y chromium); this takes a minute or two.`,
        `Chromium installed at ${apt.chromium}.`,
      ]);
    });

    it('says how to install it when not root, and reports a failed install', async () => {
      const apt = fakeApt();
      const notRoot = await rejection(ensureChromium({ path: apt.chromium, root: false, env: apt.env, say: () => {} }));
      expect(notRoot.message).to.equal(`The browser tests drive Debian's Chromium at ${apt.chromium}, which is not installed. Install it with \`sudo apt-get install -y chromium\` (run as root, npm test installs it itself).`);
      expect(apt.calls()).to.deep.equal([]);
      const broken = fakeApt(100);
      const failed = await rejection(ensureChromium({ path: broken.chromium, root: true, env: broken.env, say: () => {} }));
      expect(failed.message).to.equal('Installing Chromium failed: `apt-get -qq -o DPkg::Lock::Timeout=300 update` exited with 100: E: Unable to locate package chromium');
    });
  });

  it('the pretest script: exit 0 and silent when everything is there; misuse exit 1', async () => {
    const ok = await runNode('bin/ensure-local-services.js', ['--for-tests'], { PATH: process.env.PATH, NODE_ENV: 'test' });
    expect([ok.code, ok.stdout, ok.stderr]).to.deep.equal([0, '', '']);
    const bad = await runNode('bin/ensure-local-services.js', ['--bogus'], { PATH: process.env.PATH });
    expect(bad.code).to.equal(1);
    expect(bad.stdout).to.equal('');
    expect(bad.stderr).to.contain("Unknown option '--bogus'");
  });
});
