import type { Config } from '../../src/platform/index';
import { LlmCaseReviewer } from './llm-case-reviewer';
import { LlmDocumentExtractor } from './llm-document-extractor';
import { LlmHitTriager } from './llm-hit-triager';
import { OpenAiCompatibleClient } from './openai-compatible';

export { LlmCaseReviewer } from './llm-case-reviewer';
export { LlmDocumentExtractor } from './llm-document-extractor';
export { LlmHitTriager, LLM_TRIAGE_PROVIDER } from './llm-hit-triager';
export { LlmError, OpenAiCompatibleClient, type LlmFailureKind, type OpenAiCompatibleOptions } from './openai-compatible';

/** The Chat Completions client of LLM_URL (loadConfig has checked that LLM_URL and LLM_MODEL are set when a provider is llm). */
function llmClient(config: Config): OpenAiCompatibleClient {
  if (!config.llmUrl || !config.llmModel) throw new Error('LLM_URL and LLM_MODEL must be set for an llm provider');
  return new OpenAiCompatibleClient({ url: config.llmUrl, apiKey: config.llmApiKey, model: config.llmModel, timeoutMs: config.llmTimeoutMs });
}

/** The LLM DocumentExtractor when EXTRACTION_PROVIDER=llm; null for `local` (the caller wires the local default). */
export function createLlmDocumentExtractor(config: Config): LlmDocumentExtractor | null {
  return config.extractionProvider === 'llm' ? new LlmDocumentExtractor(llmClient(config)) : null;
}

/** The LLM HitTriager when TRIAGE_PROVIDER=llm; null for `local`. */
export function createLlmHitTriager(config: Config): LlmHitTriager | null {
  return config.triageProvider === 'llm' ? new LlmHitTriager(llmClient(config)) : null;
}

/** The LLM CaseReviewer when REVIEW_PROVIDER=llm; null for `local`. */
export function createLlmCaseReviewer(config: Config): LlmCaseReviewer | null {
  return config.reviewProvider === 'llm' ? new LlmCaseReviewer(llmClient(config)) : null;
}

export { HttpCompanyRegistry } from './http-company-registry';
export { HttpAdverseMediaSource } from './http-adverse-media';
