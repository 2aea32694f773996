import { DOCUMENT_TYPES, type DocumentType } from '../document-extractor';

/**
 * What kind of document a text is, by the words such documents carry. An MRZ decides before this is asked
 * (passports and ID cards); the uploader's declared type is a hint used only when the words say nothing.
 */
const RULES: { type: DocumentType; re: RegExp }[] = [
  { type: 'certificate_of_incorporation', re: /certificate\s+of\s+(?:incorporation|formation|registration\s+of\s+a\s+company)|articles\s+of\s+incorporation/i },
  {
    type: 'register_extract',
    re: /(?:extract|excerpt)\s+(?:from|of)\s+the\s+(?:\w+\s+)?regist(?:er|ry)|register\s+extract|registry\s+extract|commercial\s+register|handelsregister|trade\s+register|companies\s+register|company\s+extract/i,
  },
  {
    type: 'proof_of_address',
    re: /proof\s+of\s+address|utility\s+bill|bank\s+statement|account\s+statement|council\s+tax|electricity|gas\s+bill|water\s+bill|statement\s+date|tenancy\s+agreement|broadband/i,
  },
  { type: 'passport', re: /\bpassport\b|\bpasaporte\b|\breisepass\b/i },
  { type: 'id_card', re: /identity\s+card|national\s+id|\bid\s+card\b|personalausweis|carte\s+d'identit/i },
];

export function classifyText(text: string, declaredType: string | null): DocumentType {
  for (const { type, re } of RULES) if (re.test(text)) return type;
  return declaredDocumentType(declaredType) ?? 'other';
}

/** The uploader's declared type when it names one of ours (`Passport`, `proof of address`, `id_card` …). */
export function declaredDocumentType(declared: string | null): DocumentType | null {
  if (!declared) return null;
  const key = declared.trim().toLowerCase().replace(/[\s-]+/g, '_');
  if ((DOCUMENT_TYPES as readonly string[]).includes(key)) return key as DocumentType;
  if (key === 'government_id' || key === 'national_id' || key === 'identity_card') return 'id_card';
  return null;
}
