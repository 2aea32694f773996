import { randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { operatorActor } from '../src/access/index';
import { createCase } from '../src/onboarding/index';
import { redeemInvite } from '../src/invites/index';
import { cpuDelta, cpuSnapshot } from './cpu-usage';
import { startBench } from './support';

const MiB = 1024 * 1024;
const BOUNDARY = '----svc-bench-upload-boundary';

/** A PDF of exactly `size` bytes: a real header, one stream object of random bytes, xref-less trailer. */
function pdfOfSize(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< /Length 0 >>\nstream\n', 'latin1');
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

/** VmRSS (or another /proc status field) of a process, in bytes. */
function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Sends `count` uploads at once; resolves with the seconds from the first byte sent to the last answer. */
async function uploadAll(url: string, sessions: string[], body: Buffer, path = '/portal/api/documents'): Promise<{ seconds: number; statuses: Map<number, number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: sessions.length });
  const statuses = new Map<number, number>();
  const started = process.hrtime.bigint();
  await Promise.all(sessions.map((session) => new Promise<void>((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: 'POST', agent,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': body.length,
        cookie: `portal_session=${session}`, 'sec-fetch-site': 'same-origin',
      },
    }, (res) => {
      statuses.set(res.statusCode!, (statuses.get(res.statusCode!) ?? 0) + 1);
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  })));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
  return { seconds, statuses };
}

/** The same bytes written `count` times at once straight to files with fs (optionally fsynced before close). */
async function bareWrites(dir: string, count: number, bytes: Buffer, flush: boolean): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    // Written in 64 KiB chunks, as the upload path hands them on.
    async function* chunks() {
      for (let o = 0; o < bytes.length; o += 64 * 1024) yield bytes.subarray(o, o + 64 * 1024);
    }
    await pipeline(chunks(), createWriteStream(join(dir, `bare-${flush ? 'f' : 'n'}-${i}`), { flush }));
  }));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * `npm run bench -- upload`: BENCH_UPLOADS (default 200) concurrent uploads of one BENCH_UPLOAD_MIB
 * (default 5) MiB PDF each through the real route (a portal session per upload, each on its own case),
 * reporting MiB/s and the server's peak RSS growth, beside bare fs writes of the same bytes in the same run.
 */
export async function uploadBench(): Promise<void> {
  const count = Number(process.env.BENCH_UPLOADS ?? 200);
  const size = Number(process.env.BENCH_UPLOAD_MIB ?? 5) * MiB;
  const dataDir = await mkdtemp(join(tmpdir(), 'svc-bench-data-'));
  const bareDir = await mkdtemp(join(tmpdir(), 'svc-bench-bare-'));
  const b = await startBench({ DATA_DIR: dataDir });
  try {
    const pdf = pdfOfSize(size);
    const body = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const warmups = 4;
    process.stdout.write(`creating ${count + warmups} cases with redeemed invites ...\n`);
    const sessions: string[] = [];
    for (let i = 0; i < count + warmups; i++) {
      const created = await createCase(b.svc, operatorActor(b.orgId), {
        body: { customerEmail: `upload-${i}@bench.example`, companyName: `Upload ${i} Ltd`, sendInvite: true },
        render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
      });
      const link = new URL((created.response.body as { customerPortalUrl: string }).customerPortalUrl);
      sessions.push((await redeemInvite(b.svc, link.searchParams.get('token')!))!.sessionToken);
    }
    const pid = b.server.pid!;
    // Warm-up (JIT, pools): a few uploads one after another, not measured.
    for (const s of sessions.splice(0, warmups)) await uploadAll(b.url, [s], body);

    // RSS is sampled from one starting point for both phases; the raw-body baseline runs first, so the
    // upload's figure is its whole footprint, not what it adds on top of a heap the baseline grew.
    const rssBefore = procStatus(pid, 'VmRSS');
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, procStatus(pid, 'VmRSS'));
    }, 10);
    // The same bodies to a route of the same server that writes the raw request body to a file: HTTP's own cost.
    const bareHttpCpu0 = cpuSnapshot([pid]);
    const bareHttp = await uploadAll(b.url, sessions, body, '/bench/upload-baseline');
    const bareHttpCpu = cpuDelta(bareHttpCpu0, cpuSnapshot([pid]));
    const rawRssPeak = Math.max(rssPeak, procStatus(pid, 'VmRSS'));
    const cpu0 = cpuSnapshot([pid]);
    const run = await uploadAll(b.url, sessions, body);
    const cpu = cpuDelta(cpu0, cpuSnapshot([pid]));
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, procStatus(pid, 'VmRSS'));
    const [{ n }] = await b.svc.db.query("SELECT COUNT(*) AS n FROM documents WHERE org_id = ? AND status = 'processing'", [b.orgId]);

    const bare = await bareWrites(bareDir, count, pdf, false);
    await rm(bareDir, { recursive: true, force: true });
    const bareDir2 = await mkdtemp(join(tmpdir(), 'svc-bench-bare-'));
    const bareFlushed = await bareWrites(bareDir2, count, pdf, true);
    await rm(bareDir2, { recursive: true, force: true });

    const total = (count * size) / MiB;
    const rate = total / run.seconds;
    const bareRate = total / bare;
    const flushedRate = total / bareFlushed;
    const line = (name: string, mibs: number, seconds: number) => `${name.padEnd(44)} ${mibs.toFixed(0).padStart(6)} MiB/s   (${seconds.toFixed(2)} s)\n`;
    process.stdout.write(`\n${count} concurrent uploads of ${size / MiB} MiB (${total.toFixed(0)} MiB), answers ${JSON.stringify(Object.fromEntries(run.statuses))}, documents stored ${n}\n`);
    process.stdout.write(line('POST /portal/api/documents (fsync per file)', rate, run.seconds));
    process.stdout.write(line('POST raw body to a file, same server', total / bareHttp.seconds, bareHttp.seconds));
    process.stdout.write(line('bare fs write, same bytes', bareRate, bare));
    process.stdout.write(line('bare fs write + fsync per file', flushedRate, bareFlushed));
    const rawBody = total / bareHttp.seconds;
    process.stdout.write(`upload / raw-body route: ${(rate / rawBody).toFixed(2)} (target >= 0.50, issue 33) ${rate / rawBody >= 0.5 ? 'OK' : 'MISSED'}\n`);
    process.stdout.write(`upload / bare write: ${(rate / bareRate).toFixed(2)}   upload / bare write with fsync: ${(rate / flushedRate).toFixed(2)}\n`);
    const perMiB = (ms: number) => (ms / total).toFixed(2);
    process.stdout.write(`CPU ms per MiB, upload: server ${perMiB(cpu.service)}, load generator ${perMiB(cpu.bench)}, mariadb ${perMiB(cpu.mariadb)}; raw body: server ${perMiB(bareHttpCpu.service)}, load generator ${perMiB(bareHttpCpu.bench)}\n`);
    process.stdout.write(`raw-body route / upload server CPU per MiB: ${(bareHttpCpu.service / Math.max(1, cpu.service)).toFixed(2)}\n`);
    process.stdout.write(`server RSS: ${(rssBefore / MiB).toFixed(0)} MiB before, peak ${(rssPeak / MiB).toFixed(0)} MiB, growth ${((rssPeak - rssBefore) / MiB).toFixed(0)} MiB (target < 200 MiB); VmHWM ${(procStatus(pid, 'VmHWM') / MiB).toFixed(0)} MiB; raw-body route alone: growth ${((rawRssPeak - rssBefore) / MiB).toFixed(0)} MiB\n`);
  } finally {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
