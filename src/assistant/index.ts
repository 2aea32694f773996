export { runAssistantCall, type AssistantToolCall } from './run-assistant-call';
export { listCaseAssistantReads, type AssistantReadView } from './list-case-assistant-reads';
export { countAssistantCalls, ASSISTANT_CALL_WINDOW_DAYS } from './count-assistant-calls';
