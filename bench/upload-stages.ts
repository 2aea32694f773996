import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { filesOf, multipartParser } from '../rest/portal/documents.routes';
import { limitBytes, peek } from '../src/documents/byte-streams';
import { measuring } from '../worker/blob/digest';

const MiB = 1024 * 1024;
const BOUNDARY = 'bench-upload-stages';

/**
 * `npm run bench -- upload-stages`: the upload route's stream stages in this one process, without HTTP, disk or
 * database: a 5 MiB file part in 64 KiB chunks through (1) nothing but a stream to a sink, (2) the multipart
 * parser alone (busboy), (3) the route's whole chain without the hash (parser, filesOf, peek, limitBytes) and
 * (4) with the SHA-256 of `measuring`. Prints CPU ms per MiB of each, so the upload bench's gap to its raw-body
 * route can be split into what these stages cost and what the rest of the request does (issue 33).
 */
export async function uploadStagesBench(): Promise<void> {
  const file = randomBytes(5 * MiB);
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const chunks: Buffer[] = [];
  for (let o = 0; o < body.length; o += 64 * 1024) chunks.push(body.subarray(o, o + 64 * 1024));
  const sink = () => new Writable({ write: (_c, _e, cb) => cb() });
  const request = () => Object.assign(Readable.from(chunks), {
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    is: () => 'multipart/form-data',
  }) as unknown as Request;
  const chain = async (hash: boolean) => {
    const req = request();
    for await (const f of filesOf(req, multipartParser(req))) {
      const { body: rest } = await peek(f.content, 4100);
      const pass = async function* (s: AsyncIterable<Uint8Array>) {
        for await (const c of s) yield c;
      };
      await pipeline(limitBytes(rest, 21 * MiB, () => new Error('too large')), hash ? measuring().measure : pass, sink());
    }
  };
  const stages: [string, () => Promise<void>][] = [
    ['stream to a sink', () => pipeline(Readable.from(chunks), sink())],
    ['multipart parser alone', () => new Promise<void>((resolve, reject) => {
      const req = request();
      const bb = multipartParser(req);
      bb.on('file', (_n, s: Readable) => s.resume());
      bb.on('close', resolve);
      bb.on('error', reject);
      req.pipe(bb);
    })],
    ['route chain, no hash', () => chain(false)],
    ['route chain with SHA-256', () => chain(true)],
  ];
  const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
  process.stdout.write(`upload stages: a ${file.length / MiB} MiB part in 64 KiB chunks, ${rounds} rounds each after 5 of warm-up, twice\n`);
  for (let pass = 0; pass < 2; pass++) {
    for (const [name, run] of stages) {
      for (let i = 0; i < 5; i++) await run();
      const before = process.cpuUsage();
      for (let i = 0; i < rounds; i++) await run();
      const used = process.cpuUsage(before);
      const perMiB = (used.user + used.system) / 1000 / ((rounds * file.length) / MiB);
      process.stdout.write(`  ${name.padEnd(28)} ${perMiB.toFixed(3)} ms CPU per MiB\n`);
    }
  }
}
