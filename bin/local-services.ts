// A fresh development machine that just works: starts this machine's MariaDB and PostgreSQL when they
// are installed but not answering, and finds (or, as root, installs) Debian's Chromium for the browser
// tests. `npm test` runs it before mocha (bin/ensure-local-services.ts), `npm start` and `npm run demo`
// before they connect. It acts only under NODE_ENV=development or test: production servers are the
// operator's business, and a production process that cannot reach its database exits saying so.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

/** A database server this machine may run itself. */
export interface LocalServer {
  /** For messages: `MariaDB`, `PostgreSQL`. */
  name: string;
  host: string;
  port: number;
  /** The command that starts it (it may return before the server answers); null when it is not installed here. */
  start: { command: string; args: string[] } | null;
  /** What to do when it is not installed. */
  missingHint: string;
}

/** A server or browser that is missing and could not be provided; the message says what to do. */
export class LocalServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalServiceError';
  }
}

export interface EnsureServersOptions {
  /** NODE_ENV; anything but development and test starts nothing. */
  nodeEnv: string;
  /** Receives one line per action taken (nothing when every server answers). */
  say: (line: string) => void;
  /** How long a started server may take to answer, in ms. Default 60 000. */
  timeoutMs?: number;
}

const MARIADBD = 'usr/sbin/mariadbd';
const PG_CLUSTERS = 'etc/postgresql';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

const commandLine = (c: { command: string; args: string[] }) => [c.command, ...c.args].join(' ');

/**
 * The local servers behind these URLs: a URL names one when its host is this machine and its port is
 * the one that server listens on (MariaDB 3306; a PostgreSQL cluster the port of its postgresql.conf).
 * Any other URL (a remote host, another port) is left alone. `root` is for tests (default `/`).
 */
export function localServersFor(urls: { mysqlUrl: string; pgUrl: string }, root = '/'): LocalServer[] {
  const servers: LocalServer[] = [];
  const mysql = hostAndPort(urls.mysqlUrl, 3306);
  if (mysql && LOOPBACK.has(mysql.host) && mysql.port === 3306) {
    const mariadbd = join(root, MARIADBD);
    servers.push({
      name: 'MariaDB', ...mysql,
      start: existsSync(mariadbd) ? { command: 'start-stop-daemon', args: ['--start', '--oknodo', '--background', '--exec', mariadbd] } : null,
      missingHint: 'Install it (apt-get install mariadb-server), start the containers of compose.yaml (docker compose up -d --wait), or set MYSQL_URL to a running server.',
    });
  }
  const pg = hostAndPort(urls.pgUrl, 5432);
  if (pg && LOOPBACK.has(pg.host)) {
    const clusters = postgresClusters(join(root, PG_CLUSTERS));
    const cluster = clusters.find((c) => c.port === pg.port);
    if (cluster || (pg.port === 5432 && !clusters.length)) {
      servers.push({
        name: 'PostgreSQL', ...pg,
        start: cluster ? { command: 'pg_ctlcluster', args: ['--skip-systemctl-redirect', cluster.version, cluster.name, 'start'] } : null,
        missingHint: 'Install it (apt-get install postgresql), start the containers of compose.yaml (docker compose up -d --wait), or set PG_URL to a running server.',
      });
    }
  }
  return servers;
}

function hostAndPort(raw: string, defaultPort: number): { host: string; port: number } | null {
  try {
    const u = new URL(raw);
    return { host: u.hostname, port: u.port ? Number(u.port) : defaultPort };
  } catch {
    return null;
  }
}

/** Debian's clusters, `/etc/postgresql/<version>/<name>/postgresql.conf`, newest version first. */
function postgresClusters(dir: string): { version: string; name: string; port: number }[] {
  const list = (d: string) => (existsSync(d) ? readdirSync(d) : []);
  const clusters = list(dir).flatMap((version) => list(join(dir, version)).flatMap((name) => {
    const conf = join(dir, version, name, 'postgresql.conf');
    if (!existsSync(conf)) return [];
    const port = /^\s*port\s*=\s*(\d+)/m.exec(readFileSync(conf, 'utf8'))?.[1];
    return [{ version, name, port: port ? Number(port) : 5432 }];
  }));
  return clusters.sort((a, b) => Number(b.version) - Number(a.version));
}

/** True when something accepts a TCP connection at host:port within `timeoutMs`. */
export function answers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: host.replace(/^\[|\]$/g, ''), port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function answersWithin(host: string, port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await answers(host, port)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs a command to its exit (bounded), with its output kept for the message when it fails. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, timeoutMs = 600_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.once('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, output: err.message });
    });
    // 'exit', not 'close': a daemon started in the background may keep inherited pipes open.
    child.once('exit', (code) => {
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      resolve({ code, output });
    });
  });
}

/**
 * Starts each server that does not answer, then waits until it does. Under any NODE_ENV but
 * development and test it does nothing. Rejects with every failure at once.
 */
export async function ensureLocalServers(servers: LocalServer[], options: EnsureServersOptions): Promise<void> {
  if (options.nodeEnv !== 'development' && options.nodeEnv !== 'test') return;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const results = await Promise.allSettled(servers.map(async (server) => {
    const where = `${server.host}:${server.port}`;
    if (await answers(server.host, server.port)) return;
    if (!server.start) throw new LocalServiceError(`${server.name} is not answering at ${where} and is not installed on this machine. ${server.missingHint}`);
    const started = Date.now();
    options.say(`${server.name} is not answering at ${where}; starting it: ${commandLine(server.start)}`);
    const { code, output } = await runCommand(server.start.command, server.start.args);
    // A failed command may still mean another process started it at the same moment: look briefly.
    if (!(await answersWithin(server.host, server.port, code === 0 ? timeoutMs : 2000))) {
      const why = code === 0 ? `ran, but nothing answers after ${Math.round(timeoutMs / 1000)} s` : `exited with ${code ?? 'an error'}`;
      throw new LocalServiceError(`${server.name} did not start at ${where}: \`${commandLine(server.start)}\` ${why}${output.trim() ? `: ${output.trim()}` : ''}`);
    }
    options.say(`${server.name} answers at ${where} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  if (failures.length) throw new LocalServiceError(failures.join('\n'));
}

/** Where Debian installs its Chromium (the browser tests drive it, never a downloaded browser). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export interface EnsureChromiumOptions {
  say: (line: string) => void;
  /** Default DEBIAN_CHROMIUM. */
  path?: string;
  /** Default: the process runs as root. */
  root?: boolean;
  /** Environment of apt-get (tests put a stand-in first on PATH). */
  env?: NodeJS.ProcessEnv;
}

/** Resolves with Chromium's path; when it is missing installs Debian's package as root, else says how. */
export async function ensureChromium(options: EnsureChromiumOptions): Promise<string> {
  const path = options.path ?? DEBIAN_CHROMIUM;
  if (existsSync(path)) return path;
  const root = options.root ?? process.getuid?.() === 0;
  if (!root) {
    throw new LocalServiceError(`The browser tests drive Debian's Chromium at ${path}, which is not installed. Install it with \`sudo apt-get install -y chromium\` (run as root, npm test installs it itself).`);
  }
  options.say(`Chromium is not installed at ${path}: installing Debian's package (apt-get update, apt-get install -y chromium); this takes a minute or two.`);
  const env = { ...(options.env ?? process.env), DEBIAN_FRONTEND: 'noninteractive' };
  // Wait for another apt run (another checkout's tests) instead of failing on its lock.
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  for (const args of [['-qq', ...lock, 'update'], ['-qq', ...lock, 'install', '-y', 'chromium']]) {
    const { code, output } = await runCommand('apt-get', args, env);
    if (code !== 0) {
      throw new LocalServiceError(`Installing Chromium failed: \`apt-get ${args.join(' ')}\` exited with ${code ?? 'an error'}${output.trim() ? `: ${output.trim().split('\n').slice(-5).join('\n')}` : ''}`);
    }
  }
  if (!existsSync(path)) throw new LocalServiceError(`apt-get installed chromium but ${path} is still missing.`);
  options.say(`Chromium installed at ${path}.`);
  return path;
}
