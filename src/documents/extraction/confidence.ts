import type { DocumentType, ExtractionResult } from '../document-extractor';

type Confidence = ExtractionResult['confidence'];

/** The fields each document type is expected to show; `missingFields` are those of them not found. */
export const EXPECTED_FIELDS: Record<DocumentType, readonly string[]> = {
  passport: ['surname', 'givenNames', 'nationality', 'dateOfBirth', 'sex', 'documentNumber', 'expiryDate', 'issuingCountry'],
  id_card: ['surname', 'givenNames', 'nationality', 'dateOfBirth', 'sex', 'documentNumber', 'expiryDate', 'issuingCountry'],
  // A certificate states the company's birth; directors and address are on the register, not on it.
  certificate_of_incorporation: ['companyName', 'registrationNumber', 'incorporationDate', 'jurisdiction'],
  register_extract: ['companyName', 'registrationNumber', 'incorporationDate', 'registeredAddress', 'directors', 'jurisdiction'],
  proof_of_address: ['name', 'address', 'issueDate'],
  other: [],
};

/** The expected fields of the type that `data` lacks (absent, null, empty string or empty list). */
export function missingFields(type: DocumentType, data: Record<string, unknown>): string[] {
  return EXPECTED_FIELDS[type].filter((f) => {
    const v = data[f];
    return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
  });
}

/**
 * High when every expected field was found, Medium when at least half were, Low otherwise (and always
 * for a document of unknown type); then one step lower for each reason the document is not good evidence
 * as it stands (a failed check digit, an expired or stale document, a hard-to-read image).
 */
export function confidenceOf(type: DocumentType, missing: number, demotions: number): Confidence {
  const expected = EXPECTED_FIELDS[type].length;
  if (expected === 0) return 'Low';
  const found = expected - missing;
  let level = found === expected ? 2 : found * 2 >= expected ? 1 : 0;
  level = Math.max(0, level - demotions);
  return (['Low', 'Medium', 'High'] as const)[level]!;
}
