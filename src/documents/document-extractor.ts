/**
 * The DocumentExtractor port: reads one uploaded document and says what it is and what it holds.
 * The local default (no network) reads text PDFs, passports' and ID cards' MRZ, and company documents by
 * field rules; an adapter for an OpenAI-compatible LLM service sits behind the same port.
 */

/** Document types the extractors name (anything else is `other`). */
export const DOCUMENT_TYPES = [
  'passport', 'id_card', 'certificate_of_incorporation', 'register_extract', 'proof_of_address', 'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface ExtractionInput {
  filename: string;
  /** The sniffed media type (application/pdf, image/png, image/jpeg, …). */
  mimeType: string;
  bytes: Buffer;
  /** The type the uploader declared, when any (a hint, not a fact). */
  declaredType: string | null;
}

export interface ExtractionResult {
  documentType: DocumentType;
  /** Structured fields found (names, numbers, dates as YYYY-MM-DD, ISO country codes, …). */
  extractedData: Record<string, unknown>;
  confidence: 'High' | 'Medium' | 'Low';
  /** Plain sentences, for example "The MRZ date-of-birth check digit does not match." */
  warnings: string[];
  /** Fields expected for this document type that were not found. */
  missingFields: string[];
}

/**
 * Thrown when a document cannot be extracted at all (unreadable, encrypted, empty): the document's status
 * becomes `error` and no event fires. Any other error is a fault of the infrastructure and is retried.
 */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}

export interface DocumentExtractor {
  /** Identifies the engine in logs and extractedData (`local`, or `llm:<model>`). */
  readonly name: string;
  extract(input: ExtractionInput): Promise<ExtractionResult>;
}

declare module '../services' {
  interface Services {
    /** Reads uploaded documents (pipeline step 1): the local default (PDF text, OCR, MRZ, field rules), no network. */
    extractor: DocumentExtractor;
  }
}
