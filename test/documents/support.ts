import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Test documents: PDFs made here with pdf-lib, MRZs with correct (or deliberately wrong) check digits. */

const value = (c: string) => (c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
/** The ICAO 9303 check digit (weights 7, 3, 1). */
export function checkDigit(s: string): string {
  return String([...s].reduce((sum, c, i) => sum + value(c) * [7, 3, 1][i % 3]!, 0) % 10);
}

export interface Person {
  surname: string;
  givenNames: string;
  nationality: string;
  documentNumber: string;
  /** YYMMDD */
  birth: string;
  sex: 'M' | 'F';
  /** YYMMDD */
  expiry: string;
}

export const JANE: Person = { surname: 'HARTLEY', givenNames: 'JANE ELIZABETH', nationality: 'GBR', documentNumber: 'X47Q21903', birth: '850214', sex: 'F', expiry: '330730' };

const name = (p: Person, width: number) => `${p.surname}<<${p.givenNames.replace(/ /g, '<')}`.padEnd(width, '<').slice(0, width);

/** The two lines of a passport's MRZ (TD3); `breakDigit` puts a wrong date-of-birth check digit in. */
export function td3(p: Person, options: { breakDigit?: boolean } = {}): [string, string] {
  const num = p.documentNumber.padEnd(9, '<');
  const personal = '<'.repeat(14);
  let dobCheck = checkDigit(p.birth);
  if (options.breakDigit) dobCheck = String((Number(dobCheck) + 1) % 10);
  const line2 = `${num}${checkDigit(num)}${p.nationality}${p.birth}${dobCheck}${p.sex}${p.expiry}${checkDigit(p.expiry)}${personal}${checkDigit(personal)}`;
  const composite = `${num}${checkDigit(num)}${p.birth}${checkDigit(p.birth)}${p.expiry}${checkDigit(p.expiry)}${personal}${checkDigit(personal)}`;
  return [`P<${p.nationality}${name(p, 39)}`, `${line2}${checkDigit(composite)}`];
}

/** The three lines of an ID card's MRZ (TD1). */
export function td1(p: Person): [string, string, string] {
  const num = p.documentNumber.padEnd(9, '<');
  const optional1 = '<'.repeat(15);
  const optional2 = '<'.repeat(11);
  const line1 = `I<${p.nationality}${num}${checkDigit(num)}${optional1}`;
  const line2Start = `${p.birth}${checkDigit(p.birth)}${p.sex}${p.expiry}${checkDigit(p.expiry)}${p.nationality}${optional2}`;
  const composite = `${line1.slice(5, 30)}${line2Start.slice(0, 7)}${line2Start.slice(8, 15)}${optional2}`;
  return [line1, `${line2Start}${checkDigit(composite)}`, name(p, 30)];
}

/** A one-page A4 PDF with these lines in Courier (long lines wrapped: PDF.js drops text off the page). */
export async function textPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Courier);
  let y = 800;
  for (const line of lines.flatMap((l) => wrap(l, 85))) {
    page.drawText(line, { x: 30, y, size: 10, font });
    y -= 14;
  }
  return Buffer.from(await doc.save());
}

function wrap(line: string, width: number): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + word.length + 1 > width) {
      out.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) out.push(current);
  return out;
}

/** A passport data page as a text PDF. */
export function passportPdf(p: Person = JANE, options: { breakDigit?: boolean } = {}): Promise<Buffer> {
  return textPdf(['PASSPORT', `Surname: ${p.surname}`, `Given names: ${p.givenNames}`, '', ...td3(p, options)]);
}

export const CERTIFICATE_LINES = [
  'CERTIFICATE OF INCORPORATION',
  'OF A PRIVATE LIMITED COMPANY',
  'Company Number 09876543',
  'The Registrar of Companies for England and Wales, hereby certifies that',
  'GLOBEX TRADING LIMITED',
  'is this day incorporated under the Companies Act 2006 as a private company, that the company is limited by shares, and the situation of its registered office is in England and Wales.',
  'Given at Companies House, Cardiff, on 12th March 2019',
];

export const REGISTER_EXTRACT_LINES = [
  'Extract from the Commercial Register',
  'Company name: Initech Handels GmbH',
  'Registration number: HRB 123456',
  'Date of incorporation: 01.02.2015',
  'Registered office address: Hauptstrasse 1,',
  '10115 Berlin',
  'Germany',
  'Jurisdiction: Germany',
  'Directors:',
  '- Hans Muster (appointed 2015-02-01)',
  '- Erika Mustermann',
  'Share capital: 25000 EUR',
];

export function proofOfAddressLines(issued: string): string[] {
  return ['Northwind Energy', 'Electricity bill', 'Account holder: Jane Hartley', 'Service address: 12 High Street', 'London SW1A 1AA', `Statement date: ${issued}`, 'Amount due: 42.00 GBP'];
}

/**
 * A PDF encrypted with the standard security handler and a user password (its /O and /U entries do not
 * match the empty password, so a reader must ask for one).
 */
export function encryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Starts like a PDF (so it is accepted as one at upload) and is garbage after that. */
export function garbagePdf(): Buffer {
  const junk = Buffer.alloc(2048);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), junk]);
}

/** A committed scan (PNG or JPEG) of a passport data page: see test/fixtures/documents/README.md. */
export function scan(ext: 'png' | 'jpg'): Buffer {
  return readFileSync(join(__dirname, '..', '..', '..', 'test', 'fixtures', 'documents', `passport-scan.${ext}`));
}

/**
 * A compression bomb: a one-page PDF whose content stream is `inflatedMiB` MiB of zero bytes (PDF
 * whitespace) deflated at level 9, about 1 KB of file per MiB inflated. Made by streaming one zero MiB
 * through zlib, so the test never holds the inflated bytes.
 */
export function bombPdf(inflatedMiB: number): Promise<Buffer> {
  return floodPdf(Buffer.alloc(1024 * 1024), inflatedMiB);
}

/**
 * A heap flood: a one-page PDF whose content stream shows one-letter text runs, `inflatedMiB` MiB of them
 * (about 170,000 per MiB), each of which PDF.js turns into an object of its text content.
 */
export function textFloodPdf(inflatedMiB: number): Promise<Buffer> {
  return floodPdf(Buffer.from("(a) ' ".repeat(1024 * 1024 / 8), 'latin1'), inflatedMiB * 8, 'BT /F1 1 Tf 0 0 Td ', ' ET');
}

async function floodPdf(chunk: Buffer, times: number, head = '', tail = ''): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = once(deflate, 'end');
  deflate.write(Buffer.from(head, 'latin1'));
  for (let i = 0; i < times; i++) if (!deflate.write(chunk)) await once(deflate, 'drain');
  deflate.end(Buffer.from(tail, 'latin1'));
  await done;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >> >> >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ], Buffer.concat(chunks));
}

/** A PDF with `objects` (numbered from 1) and a last one, a FlateDecode stream of `flate`, with a correct cross-reference table. */
function pdfOf(objects: string[], flate: Buffer): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  const bodies = [...objects.map((o) => Buffer.from(o, 'latin1')),
    Buffer.concat([Buffer.from(`<< /Length ${flate.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'), flate, Buffer.from('\nendstream', 'latin1')])];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    length += obj.length;
  });
  parts.push(Buffer.from(`xref\n0 ${bodies.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
    + `trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
