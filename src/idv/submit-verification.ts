import { authorize, type Actor } from '../access/index';
import { forTenant, type TenantDb } from '../db/index';
import { inTransaction, type Tx } from '../db/transaction';
import { discardStaged, insertStagedDocuments, stageFile, type StagedFile, type UploadedFile } from '../documents/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { completeVerification } from './complete-verification';
import type { UploadIdentityVerifier } from './identity-verifier';
import type { VerificationResultView } from './idv.wire';
import { markVerificationStarted } from './mark-verification-started';
import { openVerificationByToken } from './verification-token';
import { findVerificationOfPerson, listCasePersons, listCaseVerifications, tenantRequiresSelfie, type Verification } from './verifications.repository';

const FIELDS = ['document', 'selfie'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The person uploads their ID document (field `document`: a PDF or image of a passport or ID card) and,
 * when the tenant asks for one, a selfie (field `selfie`: an image) on the hosted page. Each file is sniffed
 * and limited like every upload and becomes a document of the case (document.uploaded; extraction follows);
 * the verification and the roster become `in_progress`. The verifier (IDV_PROVIDER=local) then checks the
 * document, and its result completes the verification (idv.completed; roster verified or action_needed) and
 * spends the link. The case's pipeline, whose route step waits for this, resumes on idv.completed by itself.
 */
export async function submitVerification(
  svc: Services, input: { token: string; files: AsyncIterable<UploadedFile> },
): Promise<VerificationResultView> {
  const verifier = uploadVerifier(svc);
  const opened = await openVerificationByToken(svc, svc.db, input.token);
  return verifyUpload(svc, verifier, opened, (tx) => openVerificationByToken(svc, tx.manager, input.token, true), input.files);
}

/**
 * The same upload and check as submitVerification, for one person of a case addressed by their personKey
 * instead of their link's token: the test helpers' verify_identity, acting as the person (their link is in an
 * email the helpers never read). The person's verification must be open (a link sent, or a check started);
 * otherwise `conflict`. Its events are those of the hosted page: document.uploaded, the roster in_progress,
 * idv.completed with the roster's new status, and the document's extraction after.
 */
export async function submitPersonVerification(
  svc: Services, actor: Actor, ref: { casePk: number; personKey: string; files: AsyncIterable<UploadedFile> },
): Promise<VerificationResultView> {
  authorize(actor, 'test_helpers:use');
  const verifier = uploadVerifier(svc);
  const db = forTenant(svc.db, actor.orgId);
  const open = async (q: TenantDb, lock: boolean) => {
    const v = await findVerificationOfPerson(q, ref.casePk, ref.personKey, lock);
    if (!v || (v.state !== 'link_sent' && v.state !== 'in_progress')) {
      throw new DomainError('conflict', 'This person has no open identity verification: no link has been sent to them yet, or their verification is complete.');
    }
    return v;
  };
  const opened = await open(db, false);
  return verifyUpload(svc, verifier, opened, (tx) => open(forTenant(tx.manager, actor.orgId), true), ref.files);
}

/**
 * The people of a case whose verification is open (a link sent, or a check started), in roster order: whom
 * submitPersonVerification can act as; and whether the tenant asks for a selfie with the document.
 */
export async function listOpenVerificationPersons(
  svc: Services, actor: Actor, casePk: number,
): Promise<{ selfieRequired: boolean; persons: { personKey: string; name: string; dateOfBirth: string | null }[] }> {
  authorize(actor, 'test_helpers:use');
  const db = forTenant(svc.db, actor.orgId);
  const open = new Set((await listCaseVerifications(db, casePk)).filter((v) => v.state === 'link_sent' || v.state === 'in_progress').map((v) => v.personKey));
  const persons = (await listCasePersons(db, casePk)).filter((p) => open.has(p.personKey)).map((p) => ({ personKey: p.personKey, name: p.name, dateOfBirth: p.dateOfBirth }));
  return { selfieRequired: await tenantRequiresSelfie(db), persons };
}

function uploadVerifier(svc: Services): UploadIdentityVerifier {
  const verifier = svc.idv;
  if (verifier.flow !== 'upload') throw new DomainError('conflict', 'Identity verification happens on the verification provider\'s page: use the button on this page to go there.');
  return verifier;
}

/** Stages the files, starts the verification with them (one transaction), asks the verifier, completes it (another). */
async function verifyUpload(
  svc: Services, verifier: UploadIdentityVerifier, opened: Verification, reopen: (tx: Tx) => Promise<Verification>, upload: AsyncIterable<UploadedFile>,
): Promise<VerificationResultView> {
  const selfieRequired = await tenantRequiresSelfie(forTenant(svc.db, opened.orgId));
  const staged: Partial<Record<Field, StagedFile>> = {};
  // Once the documents' rows committed, the files are the case's: a later failure keeps them.
  let stored = false;
  try {
    for await (const file of upload) {
      const field = file.field as Field;
      if (!FIELDS.includes(field)) throw DomainError.validation([{ path: file.field ?? 'files', message: 'is not a field of this form: send `document` and, if asked, `selfie`' }]);
      if (staged[field]) throw DomainError.validation([{ path: field, message: 'must be one file' }]);
      const s = await stageFile(svc, file, field);
      if (field === 'selfie' && !s.mimeType.startsWith('image/')) {
        staged[field] = s;
        throw DomainError.validation([{ path: 'selfie', message: 'must be a photo (JPEG, PNG or HEIC)' }]);
      }
      staged[field] = s;
    }
    if (!staged.document) throw DomainError.validation([{ path: 'document', message: 'is required: a photo, scan or PDF of your passport or ID card' }]);
    if (selfieRequired && !staged.selfie) throw DomainError.validation([{ path: 'selfie', message: 'is required: a photo of your face' }]);

    const started = await inTransaction(svc, async (tx) => {
      const v = await reopen(tx);
      const files = [staged.document!, ...(staged.selfie ? [staged.selfie] : [])];
      const docs = await insertStagedDocuments(tx, v.orgId, v.casePk, files);
      await markVerificationStarted(tx, v, { documentId: docs[0]!.id, selfieDocumentId: docs[1]?.id ?? null, vendorName: verifier.name });
      return { ...v, documentId: docs[0]!.id };
    });
    stored = true;

    const person = (await listCasePersons(forTenant(svc.db, started.orgId), started.casePk)).find((p) => p.personKey === started.personKey);
    const result = await verifier.verify({
      person: { name: person?.name ?? '', dateOfBirth: person?.dateOfBirth ?? null },
      document: await readStaged(svc, staged.document),
      selfie: staged.selfie ? await readStaged(svc, staged.selfie) : null,
      selfieRequired,
    });

    await inTransaction(svc, async (tx) => {
      const v = await findVerificationOfPerson(forTenant(tx.manager, started.orgId), started.casePk, started.personKey, true);
      // Another upload with the same link finished first, or an analyst sent a new link meanwhile: that one stands.
      if (!v || v.state !== 'in_progress' || v.documentId !== started.documentId) return;
      await completeVerification(tx, v, { ...result, vendorName: verifier.name });
    });
    return result;
  } catch (err) {
    if (!stored) await discardStaged(svc, opened.orgId, Object.values(staged), err);
    throw err;
  }
}

async function readStaged(svc: Services, s: StagedFile): Promise<{ filename: string; mimeType: string; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of await svc.blobs.open(s.key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return { filename: s.filename, mimeType: s.mimeType, bytes: Buffer.concat(chunks) };
}
