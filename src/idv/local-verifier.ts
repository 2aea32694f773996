import type { Clock } from '../ports';
import type { DocumentExtractor } from '../documents/index';
import type { IdvCheck, IdvOutcome, IdvResult, IdvUpload, UploadIdentityVerifier, IdvPerson } from './identity-verifier';

/** What the local verifier can never check, said in every result so that nobody reads a `pass` as more than it is. */
const CANNOT_CHECK: IdvCheck[] = [
  { key: 'security_features', label: 'Document security features', result: 'not_done', detail: 'The local verifier reads the machine-readable zone only; holograms, fonts and tampering are not examined.' },
  { key: 'liveness', label: 'Liveness', result: 'not_done', detail: 'The local verifier cannot tell a live person from a photo or a recording.' },
];

/** Upper-case words without accents: how names are compared (order and punctuation do not matter). */
export function nameWords(name: string): string[] {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z]+/g, ' ').trim().split(' ').filter(Boolean).sort();
}

export function sameName(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  return x.length > 0 && x.join(' ') === y.join(' ');
}

/**
 * The local default of the IdentityVerifier port (`IDV_PROVIDER=local`, vendorName `local`): reads the ID
 * document's machine-readable zone (a text PDF's text, or an image through the offline OCR of the local
 * document extractor) and checks its check digits, its expiry, and the name and date of birth against the
 * application. It cannot check liveness, a selfie against the photo, or the document's security features,
 * and says so in every result; a selfie the tenant requires therefore makes the outcome manual_review.
 * A document whose MRZ cannot be read is manual_review too (an analyst looks at it), a mismatch or an
 * expired document is fail.
 */
export class LocalIdentityVerifier implements UploadIdentityVerifier {
  readonly flow = 'upload';
  readonly name = 'local';

  constructor(private readonly reader: DocumentExtractor, private readonly clock: Clock) {}

  async verify(input: { person: IdvPerson; document: IdvUpload; selfie: IdvUpload | null; selfieRequired: boolean }): Promise<IdvResult> {
    const checks: IdvCheck[] = [];
    let read: Awaited<ReturnType<DocumentExtractor['extract']>> | null = null;
    try {
      read = await this.reader.extract({ filename: input.document.filename, mimeType: input.document.mimeType, bytes: input.document.bytes, declaredType: 'passport' });
    } catch {
      read = null;
    }
    const data = (read?.extractedData ?? {}) as { surname?: string; givenNames?: string; dateOfBirth?: string; expiryDate?: string; mrz?: { checkDigits?: Record<string, boolean> } };
    const mrz = data.mrz;
    if (!mrz) {
      checks.push({ key: 'mrz', label: 'Machine-readable zone', result: 'failed', detail: 'No machine-readable zone could be read in the document.' });
      for (const [key, label] of [['check_digits', 'Check digits'], ['expiry', 'Expiry'], ['name', 'Name matches the application'], ['date_of_birth', 'Date of birth matches the application']] as const) {
        checks.push({ key, label, result: 'not_done', detail: 'Needs the machine-readable zone.' });
      }
    } else {
      checks.push({ key: 'mrz', label: 'Machine-readable zone', result: 'passed', detail: null });
      const digits = Object.entries(mrz.checkDigits ?? {});
      const wrong = digits.filter(([, ok]) => !ok).map(([k]) => k);
      checks.push({ key: 'check_digits', label: 'Check digits', result: wrong.length ? 'failed' : 'passed', detail: wrong.length ? `Wrong check digit: ${wrong.join(', ')}.` : null });
      const today = this.clock.now().toISOString().slice(0, 10);
      checks.push(data.expiryDate
        ? { key: 'expiry', label: 'Expiry', result: data.expiryDate >= today ? 'passed' : 'failed', detail: data.expiryDate >= today ? null : `The document expired on ${data.expiryDate}.` }
        : { key: 'expiry', label: 'Expiry', result: 'not_done', detail: 'The expiry date could not be read.' });
      const onDocument = `${data.givenNames ?? ''} ${data.surname ?? ''}`;
      const nameOk = sameName(onDocument, input.person.name);
      checks.push({ key: 'name', label: 'Name matches the application', result: nameOk ? 'passed' : 'failed', detail: nameOk ? null : 'The name on the document differs from the application.' });
      if (!input.person.dateOfBirth) checks.push({ key: 'date_of_birth', label: 'Date of birth matches the application', result: 'not_done', detail: 'The application gives no date of birth.' });
      else if (!data.dateOfBirth) checks.push({ key: 'date_of_birth', label: 'Date of birth matches the application', result: 'not_done', detail: 'The date of birth could not be read.' });
      else {
        const ok = data.dateOfBirth === input.person.dateOfBirth;
        checks.push({ key: 'date_of_birth', label: 'Date of birth matches the application', result: ok ? 'passed' : 'failed', detail: ok ? null : 'The date of birth on the document differs from the application.' });
      }
    }
    checks.push(...CANNOT_CHECK);
    checks.push(input.selfie
      ? { key: 'face_match', label: 'Selfie matches the document photo', result: 'not_done', detail: 'A selfie was received; the local verifier cannot compare faces, so a person must.' }
      : { key: 'face_match', label: 'Selfie matches the document photo', result: 'not_done', detail: input.selfieRequired ? 'A selfie is required but none was sent.' : 'No selfie asked for.' });
    return { outcome: outcomeOf(checks, input.selfieRequired), checks };
  }
}

function outcomeOf(checks: IdvCheck[], selfieRequired: boolean): IdvOutcome {
  const by = (key: string) => checks.find((c) => c.key === key)!.result;
  if (by('mrz') === 'failed') return 'manual_review';
  if (checks.some((c) => c.result === 'failed')) return 'fail';
  if (by('expiry') === 'not_done' || by('date_of_birth') === 'not_done' || selfieRequired) return 'manual_review';
  return 'pass';
}
