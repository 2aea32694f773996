import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { JWK } from 'jose';
import { open as openZip, type Entry, type ZipFile } from 'yauzl';
import { verifyDetached } from '../oauth/index';
import { EVIDENCE_FORMAT, MANIFEST_JWS_PATH, MANIFEST_PATH, type EvidenceManifest } from './evidence-manifest';

export interface EvidenceVerification {
  ok: boolean;
  caseId: string | null;
  /** Files whose digest and size matched the manifest. */
  filesChecked: number;
  /** The signature's key id when it verified. */
  kid: string | null;
  /** Each failure, in words naming the file: empty when ok. */
  problems: string[];
}

const openFile = (path: string) => new Promise<ZipFile>((resolve, reject) => {
  openZip(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip)));
});
const entryStream = (zip: ZipFile, entry: Entry) => new Promise<Readable>((resolve, reject) => {
  zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s)));
});

/** Every entry of the ZIP with the SHA-256 and size of its bytes; the manifest and its signature kept whole. */
async function readEntries(path: string): Promise<{ digests: Map<string, { sha256: string; size: number }>; kept: Map<string, Buffer>; duplicates: string[] }> {
  const zip = await openFile(path);
  const digests = new Map<string, { sha256: string; size: number }>();
  const kept = new Map<string, Buffer>();
  const duplicates: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          if (/\/$/.test(entry.fileName)) return zip.readEntry();
          if (digests.has(entry.fileName)) duplicates.push(entry.fileName);
          const hash = createHash('sha256');
          const keep = entry.fileName === MANIFEST_PATH || entry.fileName === MANIFEST_JWS_PATH;
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const c of await entryStream(zip, entry)) {
            const b = c as Buffer;
            hash.update(b);
            size += b.length;
            if (keep) chunks.push(b);
          }
          digests.set(entry.fileName, { sha256: hash.digest('hex'), size });
          if (keep) kept.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return { digests, kept, duplicates };
}

/**
 * Verifies an evidence pack offline: manifest.json is present and well formed; its detached JWS
 * (manifest.json.jws) verifies over its exact bytes against `jwks`; every file it lists is present with that
 * SHA-256 and size; no file is in the ZIP that it does not list; no file it lists as absent is present.
 * Says exactly what fails (problems), never throws for a bad pack (only for an unreadable file path).
 */
export async function verifyEvidencePack(zipPath: string, jwks: { keys: JWK[] }): Promise<EvidenceVerification> {
  const problems: string[] = [];
  let read: Awaited<ReturnType<typeof readEntries>>;
  try {
    read = await readEntries(zipPath);
  } catch (err) {
    return { ok: false, caseId: null, filesChecked: 0, kid: null, problems: [`not a readable ZIP: ${(err as Error).message}`] };
  }
  const { digests, kept, duplicates } = read;
  for (const d of duplicates) problems.push(`${d}: appears more than once in the ZIP`);
  const manifestBytes = kept.get(MANIFEST_PATH);
  if (!manifestBytes) return { ok: false, caseId: null, filesChecked: 0, kid: null, problems: [...problems, `${MANIFEST_PATH}: missing`] };
  let manifest: EvidenceManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8')) as EvidenceManifest;
    if (manifest.format !== EVIDENCE_FORMAT || !Array.isArray(manifest.files)) throw new Error(`format is not ${EVIDENCE_FORMAT}`);
  } catch (err) {
    return { ok: false, caseId: null, filesChecked: 0, kid: null, problems: [...problems, `${MANIFEST_PATH}: not a manifest (${(err as Error).message})`] };
  }
  let kid: string | null = null;
  const jws = kept.get(MANIFEST_JWS_PATH);
  if (!jws) problems.push(`${MANIFEST_JWS_PATH}: missing (the manifest is not signed)`);
  else {
    try {
      const header = await verifyDetached(jwks, manifestBytes, jws.toString('utf8').trim());
      kid = typeof header.kid === 'string' ? header.kid : null;
    } catch (err) {
      problems.push(`${MANIFEST_JWS_PATH}: the signature does not verify over ${MANIFEST_PATH} against the JWKS (${(err as Error).message})`);
    }
  }
  let filesChecked = 0;
  const listed = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const got = digests.get(f.path);
    if (!got) {
      problems.push(`${f.path}: listed in the manifest but missing from the ZIP`);
      continue;
    }
    if (got.sha256 !== f.sha256) problems.push(`${f.path}: SHA-256 ${got.sha256} does not match the manifest's ${f.sha256}`);
    else if (got.size !== f.size) problems.push(`${f.path}: ${got.size} bytes, the manifest says ${f.size}`);
    else filesChecked++;
  }
  for (const a of manifest.absent ?? []) if (digests.has(a.path)) problems.push(`${a.path}: listed as absent (${a.reason}) but present in the ZIP`);
  for (const path of digests.keys()) {
    if (path !== MANIFEST_PATH && path !== MANIFEST_JWS_PATH && !listed.has(path)) problems.push(`${path}: in the ZIP but not in the manifest`);
  }
  return { ok: problems.length === 0, caseId: manifest.caseId ?? null, filesChecked, kid, problems };
}
