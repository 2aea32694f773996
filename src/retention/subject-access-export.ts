import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { auditName, authorize, type Actor } from '../access/index';
import { recordAudit } from '../audit/record-audit';
import { forTenant } from '../db/index';
import { inTransaction } from '../db/transaction';
import { DomainError } from '../errors';
import { getPerson } from '../persons/index';
import type { Services } from '../services';
import { listSubjectCases, listSubjectDocuments, listSubjectParties } from './subject-access.repository';

export interface SubjectAccessExport {
  /** `subject-access-<YYYY-MM-DD>.zip` */
  filename: string;
  /** The ZIP, written as it is read: subject.json, cases/<caseId>.json, documents/<caseId>/<id>-<filename>. */
  stream: Readable;
  cases: number;
  documents: number;
}

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 120) || 'file';

/**
 * A data subject's access request (compliance_admin), by the email they gave or a person of the registry: a ZIP of
 * what the tenant holds on them across its cases. `subject.json` (the request, the registry person with their
 * links and attached documents), one `cases/<caseId>.json` per case (the case's facts naming them: as its customer,
 * the case's contact fields; as a party, their party rows), and the files: every document of a case whose customer
 * they are, and the documents attached to them in the registry. Audited as `subject.access_exported` before the ZIP
 * is written (what was found); the files stream from the blob store one after another.
 */
export async function subjectAccessExport(svc: Services, actor: Actor, input: { email?: string | null; personId?: number | null }): Promise<SubjectAccessExport> {
  authorize(actor, 'subject_requests:manage');
  const email = typeof input.email === 'string' && input.email.trim() ? input.email.trim().toLowerCase() : null;
  const personId = typeof input.personId === 'number' ? input.personId : null;
  if ((email === null) === (personId === null)) throw DomainError.validation([{ path: 'input', message: 'give exactly one of email or personId' }]);
  const person = personId !== null ? await getPerson(svc, actor, personId) : null;
  if (personId !== null && !person) throw DomainError.notFound('Person');
  const db = forTenant(svc.db, actor);
  const emails = email ? [email] : (person!.emails ?? []).map((e) => e.toLowerCase());
  const personCaseIds = person ? person.cases.map((c) => c.caseId) : [];
  const cases = await listSubjectCases(db, emails, personCaseIds);
  const now = svc.clock.now();
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify({ request: { email, personId }, exportedAt: now.toISOString(), person, caseIds: cases.map((c) => c.caseId) }, null, 2)}\n`), 'subject.json');
  let documents = 0;
  const files: { key: string; name: string }[] = [];
  for (const c of cases) {
    const isCustomer = c.customerEmail !== null && emails.includes(c.customerEmail.toLowerCase());
    const personKeys = person ? person.cases.filter((l) => l.caseId === c.caseId).map((l) => l.personKey) : [];
    const parties = await listSubjectParties(db, c.pk, emails, personKeys);
    const docs = await listSubjectDocuments(db, c.pk, isCustomer, person ? person.documents.filter((d) => d.caseId === c.caseId).map((d) => d.documentId) : []);
    zip.addBuffer(Buffer.from(`${JSON.stringify({
      caseId: c.caseId, companyName: c.companyName, status: c.status, createdAt: c.createdAt.toISOString(), purgedAt: c.purgedAt?.toISOString() ?? null,
      asCustomer: isCustomer ? { customerEmail: c.customerEmail, customerName: c.customerName } : null,
      asParty: parties, documents: docs.map((d) => ({ documentId: d.id, filename: d.filename, documentType: d.documentType, uploadedAt: d.uploadedAt.toISOString(), extractedData: d.extractedData, held: d.blobKey !== null })),
    }, null, 2)}\n`), `cases/${safeName(c.caseId)}.json`);
    for (const d of docs) if (d.blobKey) files.push({ key: d.blobKey, name: `documents/${safeName(c.caseId)}/${d.id}-${safeName(d.filename)}` });
  }
  documents = files.length;
  await inTransaction(svc, (tx) => recordAudit(tx, {
    orgId: actor.orgId, actor: auditName(actor), action: 'subject.access_exported',
    details: { email, personId, caseIds: cases.map((c) => c.caseId), documents }, at: now,
  }));
  // Files one at a time, each opened when the previous one was added (yazl reads its streams in order).
  void (async () => {
    try {
      for (const f of files) {
        const stream = await svc.blobs.open(f.key).catch(() => null);
        if (stream) zip.addReadStream(stream, f.name);
      }
    } finally {
      zip.end();
    }
  })();
  return { filename: `subject-access-${now.toISOString().slice(0, 10)}.zip`, stream: zip.outputStream as Readable, cases: cases.length, documents };
}
