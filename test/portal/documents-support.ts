import { crc32, deflateSync, createDeflate } from 'node:zlib';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { operatorActor } from '../../src/access/index';
import { createCase } from '../../src/onboarding/index';
import { redeemInvite } from '../../src/invites/index';
import type { Tenant } from '../../src/tenants/index';
import type { ConsoleHarness } from '../graphql/harness';

/** A signed-in portal customer: the session of a redeemed invite, bound to one case. */
export interface Customer {
  orgId: string;
  caseId: string;
  casePk: number;
  email: string;
  session: string;
}

let counter = 0;

/** A case created through POST /v1/cases's use case (with its invite), whose invite is redeemed as the Start button does. */
export async function newCustomer(h: ConsoleHarness, tenant?: Tenant): Promise<Customer> {
  const t = tenant ?? (await h.tenant());
  const email = `customer.${++counter}.${t.id.slice(0, 8)}@portal.example`;
  const created = await createCase(h.svc, operatorActor(t.id), {
    body: { customerEmail: email, companyName: `Uploads ${counter} Ltd`, sendInvite: true },
    render: (o) => ({ status: 201, body: o.kind === 'created' ? o.case : {} }),
  });
  const body = created.response.body as { caseId: string; customerPortalUrl: string };
  const session = await redeemInvite(h.svc, new URL(body.customerPortalUrl).searchParams.get('token')!);
  expect(session).to.not.equal(null);
  const [row]: { pk: number | string }[] = await h.svc.db.query('SELECT pk FROM cases WHERE org_id = ? AND case_id = ?', [t.id, body.caseId]);
  return { orgId: t.id, caseId: body.caseId, casePk: Number(row!.pk), email, session: session!.sessionToken };
}

export interface Part {
  filename: string;
  bytes: Uint8Array;
  /** The part's declared Content-Type (ignored by the server). Default application/octet-stream. */
  type?: string;
  /** Send the name as RFC 5987 `filename*=UTF-8''…` (percent-encoded: control characters can travel). */
  encoded?: boolean;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

const BOUNDARY = '----svc-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body with one `files` part per file. */
export function multipart(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const name = p.encoded ? `filename*=UTF-8''${encodeURIComponent(p.filename)}` : `filename="${p.filename.replace(/"/g, '%22')}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; ${name}\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'));
    chunks.push(Buffer.from(p.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** POST /portal/api/documents as the portal page does (same Origin, the session cookie). */
export async function upload(
  h: ConsoleHarness, customer: Customer | null, parts: Part[],
  options: { headers?: Record<string, string>; body?: Buffer; origin?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...options.headers };
  if (options.origin !== null) headers.origin = options.origin ?? h.url;
  if (customer) headers.cookie = `portal_session=${customer.session}`;
  const res = await fetch(`${h.url}/portal/api/documents`, { method: 'POST', headers, body: options.body ?? multipart(parts) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
}

/** Calls a tRPC procedure with the customer's cookie: query (GET) or mutation (POST). */
export async function trpc(h: ConsoleHarness, customer: Customer | null, path: string, input?: unknown, kind: 'query' | 'mutation' = 'query') {
  const headers: Record<string, string> = customer ? { cookie: `portal_session=${customer.session}` } : {};
  const url = `${h.url}/trpc/${path}${kind === 'query' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`;
  const res = kind === 'query'
    ? await fetch(url, { headers })
    : await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) });
  return { status: res.status, body: (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: Record<string, unknown> } } };
}

/** Every file under the blob store's directory (the test run's DATA_DIR/blobs), `.part` files included. */
export async function blobFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'blobs');
  const out: string[] = [];
  for (const dir of await readdir(root).catch(() => [] as string[])) {
    for (const f of await readdir(join(root, dir)).catch(() => [] as string[])) out.push(`${dir}/${f}`);
  }
  return out.sort();
}

// ---- tiny real files ----

/** A PDF with the given objects (dictionary texts, or streams), a correct xref table and trailer. */
export function pdfOf(objects: (string | { dict: string; stream: Buffer })[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const chunk = typeof o === 'string'
      ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1')
      : Buffer.concat([Buffer.from(`${i + 1} 0 obj\n${o.dict}\nstream\n`, 'latin1'), o.stream, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** A one-page PDF with a line of text. */
export function tinyPdf(text = 'Certificate of incorporation'): Buffer {
  const content = Buffer.from(`BT /F1 12 Tf 20 100 Td (${text}) Tj ET`, 'latin1');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    { dict: `<< /Length ${content.length} >>`, stream: content },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]);
}

/** A PDF of ~`compressedBytes` whose one FlateDecode stream inflates to `inflatedBytes` of zeros (a decompression bomb). */
export async function bombPdf(inflatedBytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((r) => deflate.on('end', r));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < inflatedBytes; written += zeros.length) {
    if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const stream = Buffer.concat(out);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R >>',
    { dict: `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream },
  ]);
}

/** A 1x1 grey PNG (signature, IHDR, IDAT, IEND with their CRCs). */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]); // 1x1, 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from([0, 0x80]))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * An 8x8 grey baseline JPEG: JFIF, a flat quantisation table, one component, one-symbol Huffman tables
 * (DC category 0, AC end-of-block) and one all-zero block: scan bits `0` `0`, padded with ones.
 */
export function tinyJpeg(): Buffer {
  const seg = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
  const oneSymbolTable = (classAndId: number) => seg(0xc4, [classAndId, 1, ...new Array<number>(15).fill(0), 0x00]);
  return Buffer.from([
    0xff, 0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...seg(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...seg(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...oneSymbolTable(0x00),
    ...oneSymbolTable(0x10),
    ...seg(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x3f,
    0xff, 0xd9,
  ]);
}

/** The start of an HEIC image: its ftyp box (major brand heic, compatible mif1 and heic), then a meta box header. */
export function tinyHeic(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic', 'latin1'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic', 'latin1')]);
  const meta = Buffer.concat([Buffer.from([0, 0, 0, 0x0c]), Buffer.from('meta', 'latin1'), Buffer.from([0, 0, 0, 0])]);
  return Buffer.concat([ftyp, meta]);
}

/** An ELF executable's header (a Linux binary). */
export function elfBinary(): Buffer {
  const b = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  return b;
}

/** A Windows executable's header (MZ, with a PE offset). */
export function mzBinary(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}
