import type { Actor } from '../access/index';
import type { CaseDetailView } from '../decisions/index';
import type { UploadedFile } from '../documents/index';
import { DomainError } from '../errors';
import { listOpenVerificationPersons, submitPersonVerification } from '../idv/index';
import { assertSchema } from '../schema';
import type { Services } from '../services';
import { testCaseAnswer } from './case-answer';
import { passportPdf, unreadableIdPdf } from './generated-documents';
import { testCaseOf } from './test-cases';
import { TestVerifyIdentityRequestSchema } from './test-helpers.wire';

/** A 1x1 PNG: the selfie a tenant may require (the local verifier cannot compare faces, so it makes any outcome manual_review). */
const SELFIE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const one = (field: string, filename: string, bytes: Buffer): UploadedFile => ({ field, filename, content: (async function* () { yield bytes; })() });

/**
 * POST /v1/test_helpers/cases/{caseId}/verify_identity: each person whose identity verification is open (or
 * only `personId`, their personKey) uploads a generated document on the hosted page's use case, and the
 * configured verifier (the local default: it reads the MRZ) checks it: a passport matching the application for
 * `pass`, the same passport expired for `fail`, a document without a machine-readable zone for
 * `manual_review`. The events are the hosted page's (document.uploaded, the roster, idv.completed, then
 * document.processed), and the pipeline resumes on them as it does for a person. Refused (conflict) while no
 * verification is open: the pipeline has not sent the links yet (it does after screening), or every person is
 * verified already; also when the tenant requires a selfie and the outcome is not manual_review (the local
 * verifier cannot compare faces).
 */
export async function verifyTestIdentity(svc: Services, actor: Actor, caseId: string, body: unknown): Promise<CaseDetailView> {
  const { actor: caller, c } = await testCaseOf(svc, actor, caseId);
  const input = assertSchema(TestVerifyIdentityRequestSchema, body ?? {});
  const { selfieRequired, persons } = await listOpenVerificationPersons(svc, caller, c.pk);
  const chosen = input.personId === undefined ? persons : persons.filter((p) => p.personKey === input.personId);
  if (!chosen.length) {
    throw new DomainError('conflict', input.personId === undefined
      ? `Case ${c.caseId} has no open identity verification: the pipeline sends the links after screening (submit the case first and let it run), and verified people are done.`
      : `Person ${input.personId} has no open identity verification on case ${c.caseId} (no link sent yet, already verified, or not a person of this case).`);
  }
  if (selfieRequired && input.outcome !== 'manual_review') {
    throw new DomainError('conflict', 'This tenant requires a selfie with the identity document, which the local verifier cannot compare with the photo: only manual_review can be produced.');
  }
  const today = svc.clock.now().toISOString().slice(0, 10);
  for (const [i, p] of chosen.entries()) {
    const words = p.name.trim().split(/\s+/);
    const expiryYear = Number(today.slice(0, 4)) + (input.outcome === 'fail' ? -1 : 8);
    const document = input.outcome === 'manual_review'
      ? await unreadableIdPdf(p.name)
      : await passportPdf({
        surname: words.length > 1 ? words[words.length - 1]! : words[0]!, givenNames: words.length > 1 ? words.slice(0, -1).join(' ') : words[0]!,
        nationality: 'GBR', documentNumber: `T${String(90000000 + i)}`, dateOfBirth: p.dateOfBirth ?? '1980-01-01', expiryDate: `${expiryYear}${today.slice(4)}`,
      });
    async function* files(): AsyncIterable<UploadedFile> {
      yield one('document', 'identity-document.pdf', document);
      if (selfieRequired) yield one('selfie', 'selfie.png', SELFIE_PNG);
    }
    await submitPersonVerification(svc, caller, { casePk: c.pk, personKey: p.personKey, files: files() });
  }
  return testCaseAnswer(svc, caller, c.caseId);
}
