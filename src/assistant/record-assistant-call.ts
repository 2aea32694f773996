import { forTenant } from '../db/index';
import type { Actor } from '../access/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { insertAssistantRead } from './assistant-reads.repository';

/** Longest argument value kept (a search text, a cursor); longer ones are cut. */
const MAX_ARGUMENT_CHARS = 512;
/** Most arguments kept (the tools take at most five). */
const MAX_ARGUMENTS = 10;
/** Argument names never kept, whatever a tool is given. */
const SECRET_ARGUMENT = /token|secret|password|authorization|cookie/i;

export interface AssistantCall {
  /** The MCP tool's name, e.g. get_case. */
  tool: string;
  /** The arguments as the assistant sent them. */
  arguments: Record<string, unknown>;
  /** The case ids whose data the call returned (none for a call that failed). */
  caseIds: string[];
  /** `ok`, or the error code the call ended with (not_found, insufficient_scope, validation_failed ...). */
  outcome: string;
}

/**
 * Puts one MCP tool call on the record: the member and the connector (the token's connected app), the
 * tool, its arguments (secret-looking names dropped, long values cut, at most ten), the cases it read and the time.
 * The console shows it on each case's timeline and per connected app. Only a connector's call is recorded.
 * Called by runAssistantCall, which decides what a call puts on the record.
 */
export async function recordAssistantCall(svc: Services, actor: Actor, call: AssistantCall): Promise<void> {
  if (actor.kind !== 'connector') throw new DomainError('forbidden', 'Only an AI-assistant connector acting for a member makes assistant calls.');
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(call.arguments).slice(0, MAX_ARGUMENTS)) {
    if (SECRET_ARGUMENT.test(key)) continue;
    if (typeof value === 'string') args[key] = value.length > MAX_ARGUMENT_CHARS ? `${value.slice(0, MAX_ARGUMENT_CHARS)}…` : value;
    // Anything else (a number, a list of statuses ... or junk the tool refused) is kept while it is small.
    else args[key] = (JSON.stringify(value) ?? '').length > MAX_ARGUMENT_CHARS ? '[omitted: too long]' : value;
  }
  await insertAssistantRead(forTenant(svc.db, actor), {
    grantId: actor.grantId, clientId: actor.clientId, memberId: actor.memberId, tool: call.tool, arguments: args,
    caseIds: [...new Set(call.caseIds)], outcome: call.outcome, calledAt: svc.clock.now(),
  });
}
