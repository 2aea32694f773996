import { ExtractionError, type DocumentExtractor, type ExtractionInput, type ExtractionResult } from '../../src/documents/index';
import type { ContentPart, OpenAiCompatibleClient } from './openai-compatible';
import { EXTRACTION_SYSTEM_PROMPT, ExtractionAnswerSchema, extractionInstruction } from './prompts/extraction.v1';

/** Image types Chat Completions' image_url accepts (as data URIs). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * DocumentExtractor over an OpenAI-compatible LLM (EXTRACTION_PROVIDER=llm): the document goes as one
 * content part (images as an `image_url` data URI, PDFs as a `file` part with base64 `file_data`), and
 * the answer is strict JSON (prompts/extraction.v1.ts). An answer that says the document cannot be read,
 * or a type the LLM API cannot take, is an ExtractionError (status `error`, no event); any other failure
 * (timeout, 5xx, a malformed answer) is an LlmError and the job retries.
 */
export class LlmDocumentExtractor implements DocumentExtractor {
  readonly name: string;

  constructor(private readonly client: OpenAiCompatibleClient) {
    this.name = `llm:${client.model}`;
  }

  async extract(input: ExtractionInput): Promise<ExtractionResult> {
    if (input.bytes.length === 0) throw new ExtractionError('The file is empty.');
    const part = documentPart(input);
    const answer = await this.client.completeJson({
      name: 'document_extraction',
      schema: ExtractionAnswerSchema,
      system: EXTRACTION_SYSTEM_PROMPT,
      user: [{ type: 'text', text: extractionInstruction(input) }, part],
    });
    if (!answer.readable) {
      throw new ExtractionError(`The document could not be read: ${clip(answer.unreadableReason?.trim() || 'the LLM extractor found nothing legible', 300)}`);
    }
    const extractedData: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(answer.fields)) {
      if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      extractedData[field] = Array.isArray(value)
        ? value.map((d) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== null)))
        : value;
    }
    return {
      documentType: answer.documentType,
      extractedData,
      confidence: answer.confidence,
      warnings: answer.warnings.map((w) => clip(w, 500)).slice(0, 20),
      missingFields: [...new Set(answer.missingFields)].filter((f) => f in answer.fields).slice(0, 30),
    };
  }
}

function documentPart(input: ExtractionInput): ContentPart {
  const base64 = input.bytes.toString('base64');
  if (input.mimeType === 'application/pdf') {
    return { type: 'file', file: { filename: input.filename || 'document.pdf', file_data: `data:application/pdf;base64,${base64}` } };
  }
  if (IMAGE_TYPES.has(input.mimeType)) return { type: 'image_url', image_url: { url: `data:${input.mimeType};base64,${base64}`, detail: 'high' } };
  throw new ExtractionError(`The LLM extractor reads PDF, PNG, JPEG, WebP and GIF files; ${input.mimeType} cannot be sent to it.`);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
