// Local TLS material for demos and tests, made with the openssl CLI: a throwaway CA and a server
// certificate it signs for 127.0.0.1, ::1, localhost (and any extra names). Never for production.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface DevTls {
  dir: string;
  caFile: string;
  ca: string;
  key: string;
  cert: string;
}

/** Creates a CA and a server certificate (EC P-256, valid `days`) in a fresh temporary directory. */
export function createDevTls(options: { names?: string[]; days?: number } = {}): DevTls {
  const dir = mkdtempSync(join(tmpdir(), 'svc-tls-'));
  const days = String(options.days ?? 30);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', days, '-subj', '/CN=svc local test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  const names = ['localhost', ...(options.names ?? [])].map((n) => `DNS:${n}`);
  writeFileSync(join(dir, 'server.ext'), [
    `subjectAltName=IP:127.0.0.1,IP:::1,${names.join(',')}`, 'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature', 'extendedKeyUsage=serverAuth', '',
  ].join('\n'));
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', days, '-extfile', 'server.ext');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return { dir, caFile: join(dir, 'ca.pem'), ca: read('ca.pem'), key: read('server.key'), cert: read('server.pem') };
}
