import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { forTenant } from '../db/index';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { inTransaction } from '../db/transaction';
import { feedItemJson } from '../events/index';
import { findCaseRow } from '../cases/index';
import { signDetached } from '../oauth/index';
import type { Services } from '../services';
import { collectEvidence, type CaseEvidence } from './collect-evidence';
import {
  documentPath, EVIDENCE_FORMAT, MANIFEST_JWS_PATH, MANIFEST_JWS_TYP, MANIFEST_PATH, type AbsentFile, type EvidenceManifest, type ManifestFile,
} from './evidence-manifest';

export interface EvidencePack {
  /** `evidence-<caseId>.zip`. */
  filename: string;
  /** The ZIP, streamed: pipe it to the response. An error while writing destroys it. */
  stream: Readable;
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** case.json: the case file, every decision with provenance, screening, risk, AI review, documents with digests, and the purge notice. */
function caseJson(e: CaseEvidence, generatedAt: Date, paths: Map<number, string>, absent: AbsentFile[]): Buffer {
  return Buffer.from(JSON.stringify({
    format: EVIDENCE_FORMAT,
    generatedAt: generatedAt.toISOString(),
    caseId: e.caseId,
    orgId: e.orgId,
    createdAt: e.createdAt,
    purge: e.purge,
    caseFile: e.caseFile,
    decisions: e.decisions,
    screeningHits: e.screeningHits,
    risk: e.risk && { ...e.risk, assessedAt: e.risk.assessedAt.toISOString() },
    aiReview: e.aiReview,
    documents: e.documents.map((d) => ({
      id: d.id, filename: d.filename, documentType: d.documentType, mimeType: d.mimeType, status: d.status, confidence: d.confidence,
      storedSha256: d.sha256, sizeBytes: d.sizeBytes, uploadedAt: d.uploadedAt.toISOString(), purgedAt: d.purgedAt?.toISOString() ?? null,
      path: paths.get(d.id) ?? null, absent: absent.find((a) => a.documentId === d.id)?.reason ?? null,
    })),
  }, null, 2) + '\n');
}

/**
 * A case's evidence pack (GET /v1/cases/{caseId}/evidence with read:evidence, or the console's download for an
 * analyst; `evidence:read`), audited (`case.evidence_pack.exported`) before anything is sent. A ZIP streamed
 * with yazl: report.pdf, case.json, the documents' bytes from the blob store (documents/<id>-<name>; a purged or
 * missing one is listed under the manifest's `absent`), events.jsonl (the case's feed items exactly as GET
 * /v1/events writes them), audit.jsonl, manifest.json (every file's SHA-256 and size, computed over the bytes
 * written) and manifest.json.jws (signDetached over manifest.json's exact bytes with the service key).
 */
export async function exportEvidencePack(svc: Services, actor: Actor, input: { caseId: string; via: 'api' | 'console' }): Promise<EvidencePack> {
  authorize(actor, 'evidence:read');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const generatedAt = svc.clock.now();
  const by = auditName(actor);
  // The case must exist before the line is written (not_found otherwise); the pack then holds its own export line.
  await findCaseRow(db, input.caseId);
  await inTransaction(svc, async (tx) => {
    await recordAudit(tx, { orgId, actor: by, action: 'case.evidence_pack.exported', details: { caseId: input.caseId, via: input.via }, at: generatedAt });
  });
  const e = await collectEvidence(db, input.caseId);
  // pdfkit is loaded on the first pack only, not by every process that imports this feature (the CLI starts faster).
  const { renderEvidenceReport } = await import('./evidence-report.js');
  const report = await renderEvidenceReport(e, generatedAt);

  const zip = new ZipFile();
  const files: ManifestFile[] = [];
  const absent: AbsentFile[] = [];
  const addBuffer = (path: string, bytes: Buffer) => {
    zip.addBuffer(bytes, path, { mtime: generatedAt });
    files.push({ path, sha256: sha256(bytes), size: bytes.length });
  };
  const paths = new Map<number, string>();
  const fill = async () => {
    addBuffer('report.pdf', report);
    // Documents first (their bytes are streamed), so case.json can say which are present.
    for (const d of e.documents) {
      const path = documentPath(d.id, d.filename);
      if (!d.blobKey) {
        absent.push({ path, documentId: d.id, reason: d.purgedAt ? 'purged' : 'not_stored', purgedAt: d.purgedAt?.toISOString() ?? null });
        continue;
      }
      let source: Readable;
      try {
        source = await svc.blobs.open(d.blobKey);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOENT') throw err;
        absent.push({ path, documentId: d.id, reason: 'missing_from_store', purgedAt: null });
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const through = new PassThrough();
      const ended = new Promise<void>((resolve, reject) => {
        through.on('end', resolve);
        source.on('error', reject);
        through.on('error', reject);
      });
      source.on('data', (c: Buffer) => {
        hash.update(c);
        size += c.length;
      });
      source.pipe(through);
      zip.addReadStream(through, path, { mtime: generatedAt });
      await ended;
      files.push({ path, sha256: hash.digest('hex'), size });
      paths.set(d.id, path);
    }
    addBuffer('case.json', caseJson(e, generatedAt, paths, absent));
    addBuffer('events.jsonl', Buffer.from(e.events.map((i) => `${feedItemJson(i)}\n`).join('')));
    addBuffer('audit.jsonl', Buffer.from(e.audit.map((a) => `${JSON.stringify(a)}\n`).join('')));
    const manifest: EvidenceManifest = {
      format: EVIDENCE_FORMAT, caseId: e.caseId, orgId, generatedAt: generatedAt.toISOString(), generatedBy: by,
      jwksUrl: `${svc.config.appUrl}/v1/oauth/jwks.json`, files: [...files], absent,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
    zip.addBuffer(manifestBytes, MANIFEST_PATH, { mtime: generatedAt });
    zip.addBuffer(Buffer.from(await signDetached(svc.config, manifestBytes, MANIFEST_JWS_TYP)), MANIFEST_JWS_PATH, { mtime: generatedAt });
    zip.end();
  };
  const out = zip.outputStream as unknown as Readable;
  fill().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return { filename: `evidence-${e.caseId}.zip`, stream: out };
}
