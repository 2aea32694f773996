import type { Actor } from '../access/index';
import { isDomainError } from '../errors';
import type { Services } from '../services';
import { recordAssistantCall } from './record-assistant-call';

/** One tool call of an AI assistant, as it made it: the MCP tool's name and the arguments it sent. */
export interface AssistantToolCall {
  tool: string;
  arguments: Record<string, unknown>;
}

/**
 * Runs one tool call of an AI-assistant connector (`run`: the tool's read use case) and puts it on the
 * compliance record whether it succeeds or not; what goes on the record is this feature's decision: on
 * success the cases the answer read, on a refusal (a DomainError: not found, a missing scope, bad
 * arguments) its code and no case, after which the refusal is thrown on. Any other error is a fault of the
 * service rather than a call the assistant made: thrown, not recorded.
 */
export async function runAssistantCall<T extends { caseIds: string[] }>(
  svc: Services, actor: Actor, call: AssistantToolCall, run: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await run();
  } catch (err) {
    if (isDomainError(err)) await recordAssistantCall(svc, actor, { ...call, caseIds: [], outcome: err.code });
    throw err;
  }
  await recordAssistantCall(svc, actor, { ...call, caseIds: answer.caseIds, outcome: 'ok' });
  return answer;
}
