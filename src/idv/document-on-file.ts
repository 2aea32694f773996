import { sameName } from './local-verifier';

/**
 * Whether a passport or ID card already on file may stand in for a person's verification link, and why
 * (or why not), as the case page shows it. A document satisfies a person only when every rule holds:
 * a passport or ID card; a machine-readable zone read with every check digit valid; an expiry date read,
 * not passed and not within the tenant's reuse window; extraction confidence High; surname and given
 * names equal to the person's name and the date of birth equal to theirs (after normalisation: accents,
 * case, punctuation and word order aside); and accepted by the verifier (it passed a verification) or by
 * an analyst (approved by hand, or attached to the person in the registry).
 */

export const DOCUMENT_ON_FILE_CODES = [
  'satisfied', 'selfie_required', 'hosted_vendor', 'no_document', 'no_birth_date', 'not_id_document', 'mrz_unreadable', 'check_digit_failed',
  'expiry_unknown', 'expired', 'expires_within_window', 'confidence_not_high', 'name_mismatch', 'birth_date_mismatch', 'not_accepted',
  'registry_link_unconfirmed', 'registry_match_proposed', 'registry_no_document',
] as const;
export type DocumentOnFileCode = (typeof DOCUMENT_ON_FILE_CODES)[number];

export interface DocumentOnFileReason {
  code: DocumentOnFileCode;
  /** The reason in words, naming the document when it is about one. */
  text: string;
}

/** What the verify step found for one person (stored with their verification; the case page shows it). */
export interface DocumentOnFile {
  satisfied: boolean;
  /** The document that satisfied the person, or null. */
  documentId: number | null;
  reasons: DocumentOnFileReason[];
}

/** A passport or ID card as the verify step weighs it. */
export interface IdDocument {
  id: number;
  documentType: string | null;
  status: string;
  confidence: string | null;
  extracted: Record<string, unknown>;
}

/** Who accepted a document: the verifier (a passed verification) or an analyst; null: nobody (it was only uploaded). */
export type Acceptance = 'verifier' | 'analyst' | null;

const DAY_MS = 86_400_000;

/** The rules a document breaks for this person (empty: it satisfies them). */
export function documentProblems(
  doc: IdDocument, person: { name: string; dateOfBirth: string | null }, ctx: { now: Date; reuseWindowDays: number; acceptedBy: Acceptance },
): DocumentOnFileReason[] {
  const out: DocumentOnFileReason[] = [];
  const add = (code: DocumentOnFileCode, text: string) => out.push({ code, text: `Document ${doc.id}: ${text}` });
  if (doc.documentType !== 'passport' && doc.documentType !== 'id_card') add('not_id_document', 'it is not a passport or ID card.');
  const e = doc.extracted as { surname?: unknown; givenNames?: unknown; dateOfBirth?: unknown; expiryDate?: unknown; mrz?: { checkDigits?: unknown } };
  const digits = e.mrz && typeof e.mrz.checkDigits === 'object' && e.mrz.checkDigits ? Object.entries(e.mrz.checkDigits as Record<string, unknown>) : [];
  if (digits.length === 0) add('mrz_unreadable', 'no machine-readable zone with check digits was read.');
  else {
    const wrong = digits.filter(([, ok]) => ok !== true).map(([k]) => k);
    if (wrong.length) add('check_digit_failed', `a check digit of the machine-readable zone is wrong (${wrong.join(', ')}).`);
  }
  const today = ctx.now.toISOString().slice(0, 10);
  const horizon = new Date(ctx.now.getTime() + ctx.reuseWindowDays * DAY_MS).toISOString().slice(0, 10);
  const expiry = typeof e.expiryDate === 'string' ? e.expiryDate : null;
  if (!expiry) add('expiry_unknown', 'its expiry date could not be read.');
  else if (expiry < today) add('expired', `it expired on ${expiry}.`);
  else if (expiry <= horizon) add('expires_within_window', `it expires on ${expiry}, within the reuse window of ${ctx.reuseWindowDays} days.`);
  if (doc.confidence !== 'High') add('confidence_not_high', `extraction confidence is ${doc.confidence ?? 'unknown'}, not High.`);
  const surname = typeof e.surname === 'string' ? e.surname.trim() : '';
  const givenNames = typeof e.givenNames === 'string' ? e.givenNames.trim() : '';
  if (!surname || !sameName(`${givenNames} ${surname}`, person.name)) add('name_mismatch', 'the surname and given names differ from the application.');
  if (typeof e.dateOfBirth !== 'string' || e.dateOfBirth !== person.dateOfBirth) add('birth_date_mismatch', 'the date of birth differs from the application.');
  if (!ctx.acceptedBy) add('not_accepted', 'neither the verifier nor an analyst accepted it (it was only uploaded with the application).');
  return out;
}

/** The reason a satisfying document gives. */
export function satisfiedReason(doc: IdDocument, from: 'case' | 'registry', acceptedBy: Exclude<Acceptance, null>): DocumentOnFileReason {
  const kind = doc.documentType === 'id_card' ? 'ID card' : 'passport';
  const where = from === 'registry' ? 'from the person registry (link confirmed by an analyst)' : 'on this case';
  const who = acceptedBy === 'verifier' ? 'the verifier' : 'an analyst';
  return {
    code: 'satisfied',
    text: `Document ${doc.id} (${kind} ${where}) passed every check: check digits valid, not expiring within the reuse window, confidence High, `
      + `name and date of birth match; accepted by ${who}.`,
  };
}
