import type { Clock } from '../../ports';
import type { DocumentExtractor, DocumentType, ExtractionInput, ExtractionResult } from '../document-extractor';
import { readAddressFields } from './address-fields';
import { classifyText, declaredDocumentType } from './classify';
import { readCompanyFields } from './company-fields';
import { confidenceOf, missingFields } from './confidence';
import { addMonths, today } from './dates';
import { ImageOcr } from './image-ocr';
import { readMrz } from './mrz';
import { closePdfReaders, DEFAULT_PDF_LIMITS, readPdfText, type PdfLimits } from './pdf-text';

/** A proof of address older than this many months is stale (the usual KYC rule). */
export const PROOF_OF_ADDRESS_MAX_AGE_MONTHS = 3;
/** Below this OCR confidence (0-100) an image's reading is doubtful: a warning, and one step less confidence. */
export const OCR_DOUBTFUL_BELOW = 70;

const OCR_TYPES = new Set(['image/png', 'image/jpeg']);

export interface LocalExtractorOptions {
  clock: Clock;
  /** Read PNG and JPEG images with the bundled OCR (EXTRACTION_OCR). */
  ocr: boolean;
  /** The limits a PDF is read within (EXTRACTION_PDF_*). Default DEFAULT_PDF_LIMITS. */
  pdf?: PdfLimits;
}

/**
 * The local DocumentExtractor: no network, no model download. PDFs through their text layer; PNG and JPEG
 * images through offline OCR; then passports and ID cards through their MRZ, and company documents and
 * proofs of address through field rules. HEIC images (and images when OCR is off) are not read: Low
 * confidence with a warning saying so.
 */
export class LocalDocumentExtractor implements DocumentExtractor {
  readonly name = 'local';
  private readonly ocr = new ImageOcr();

  constructor(private readonly options: LocalExtractorOptions) {}

  async extract(input: ExtractionInput): Promise<ExtractionResult> {
    const warnings: string[] = [];
    let demotions = 0;
    let text: string;
    let source: 'pdf_text' | 'ocr';
    if (input.mimeType === 'application/pdf') {
      text = (await readPdfText(input.bytes, this.options.pdf ?? DEFAULT_PDF_LIMITS)).text;
      source = 'pdf_text';
      if (!text.trim()) warnings.push('The PDF has no text layer (it may be a scan), so nothing in it could be read; check it by eye or upload a text PDF.');
    } else if (OCR_TYPES.has(input.mimeType) && this.options.ocr) {
      const read = await this.ocr.read(input.bytes);
      text = read.text;
      source = 'ocr';
      if (!text.trim()) warnings.push('No text could be read in the image; check it by eye or upload a clearer copy.');
      else if (read.confidence < OCR_DOUBTFUL_BELOW) {
        warnings.push(`The image was hard to read (OCR confidence ${Math.round(read.confidence)}%); check the extracted fields against it.`);
        demotions++;
      }
    } else {
      return unreadImage(input, this.options.ocr
        ? `Images are not read yet: ${input.mimeType === 'image/heic' ? 'HEIC' : input.mimeType} images cannot be read offline; check it by eye or upload a PDF, PNG or JPEG.`
        : 'Images are not read yet: offline OCR is turned off (EXTRACTION_OCR=false); check it by eye.');
    }

    const now = this.options.clock.now();
    let type: DocumentType;
    let data: Record<string, unknown>;
    const mrz = readMrz(text, now);
    if (mrz) {
      type = mrz.kind;
      data = { ...mrz.fields, mrz: { format: mrz.format, checkDigits: mrz.checkDigits } };
      warnings.push(...mrz.problems);
      if (mrz.checkDigitFailed) demotions++;
      if (mrz.fields.expiryDate && mrz.fields.expiryDate < today(now)) {
        warnings.push(`The document expired on ${mrz.fields.expiryDate}.`);
        demotions++;
      }
    } else {
      type = text.trim() ? classifyText(text, input.declaredType) : (declaredDocumentType(input.declaredType) ?? 'other');
      data = {};
      if (type === 'passport' || type === 'id_card') {
        if (text.trim()) warnings.push('No machine-readable zone (MRZ) was found, so the identity fields could not be read.');
      } else if (type === 'certificate_of_incorporation' || type === 'register_extract') {
        data = { ...readCompanyFields(text) };
      } else if (type === 'proof_of_address') {
        const fields = readAddressFields(text);
        data = { ...fields };
        if (fields.issueDate && addMonths(fields.issueDate, PROOF_OF_ADDRESS_MAX_AGE_MONTHS) < today(now)) {
          warnings.push(`The proof of address was issued on ${fields.issueDate}, more than ${PROOF_OF_ADDRESS_MAX_AGE_MONTHS} months ago.`);
          demotions++;
        }
      } else if (text.trim()) {
        warnings.push('The type of document was not recognised; check it by eye.');
      }
    }
    const missing = missingFields(type, data);
    return {
      documentType: type,
      extractedData: { ...data, source, engine: this.name },
      confidence: confidenceOf(type, missing.length, demotions),
      warnings,
      missingFields: missing,
    };
  }

  /** Stops the OCR worker thread, if one was started, and the idle PDF reader processes. */
  async close(): Promise<void> {
    await Promise.all([this.ocr.close(), closePdfReaders()]);
  }
}

function unreadImage(input: ExtractionInput, warning: string): ExtractionResult {
  const type = declaredDocumentType(input.declaredType) ?? 'other';
  return {
    documentType: type, extractedData: { source: 'none', engine: 'local' }, confidence: 'Low', warnings: [warning],
    missingFields: missingFields(type, {}),
  };
}
