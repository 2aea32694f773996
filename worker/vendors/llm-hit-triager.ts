import type { HitTriager, TriageInput, TriageResult } from '../../src/screening/index';
import { LlmError, type OpenAiCompatibleClient } from './openai-compatible';
import { TRIAGE_PROMPT_VERSION, TRIAGE_SYSTEM_PROMPT, TriageAnswerSchema, triageInstruction } from './prompts/triage.v2';

/** The event field `provider` of this triager (a protocol, not a brand). */
export const LLM_TRIAGE_PROVIDER = 'openai-compatible';

/**
 * HitTriager over an OpenAI-compatible LLM (TRIAGE_PROVIDER=llm): provider `openai-compatible`, model
 * LLM_MODEL, promptVersion `2` (prompts/triage.v2.ts: customer text only inside data blocks). Any failure,
 * a malformed answer included, is an LlmError: the triage use case records it as a failed triage.
 */
export class LlmHitTriager implements HitTriager {
  readonly provider = LLM_TRIAGE_PROVIDER;
  readonly model: string;
  readonly promptVersion = TRIAGE_PROMPT_VERSION;

  constructor(private readonly client: OpenAiCompatibleClient) {
    this.model = client.model;
  }

  async triage(input: TriageInput): Promise<TriageResult> {
    const { subject, match } = input;
    const answer = await this.client.completeJson({
      name: 'hit_triage',
      schema: TriageAnswerSchema,
      system: TRIAGE_SYSTEM_PROMPT,
      user: triageInstruction({
        subject: { name: subject.name, role: subject.role, schema: subject.schema, birthDate: subject.birthDate, nationality: subject.nationality, country: subject.country },
        match: {
          caption: match.caption, schema: match.schema, score: match.score, topics: match.topics, positions: match.positions, nationality: match.nationality,
          birthDates: match.birthDates, countries: match.countries, datasets: match.datasets, isPep: match.isPep, isSanctioned: match.isSanctioned,
        },
      }),
      maxTokens: 400,
    });
    // Ranges are checked here: the strictest common subset of structured outputs has no numeric bounds.
    if (answer.confidence < 0 || answer.confidence > 100) {
      throw new LlmError('bad_answer', `The model's triage confidence ${answer.confidence} is outside 0 to 100.`);
    }
    const reason = answer.shortReason.trim();
    if (reason === '') throw new LlmError('bad_answer', "The model's triage gave no reason.");
    return {
      status: 'complete',
      confidence: answer.confidence,
      disposition: answer.disposition,
      shortReason: reason.length > 280 ? `${reason.slice(0, 279)}…` : reason,
    };
  }
}
