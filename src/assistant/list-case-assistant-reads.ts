import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import { findCasePk } from '../cases/index';
import { DomainError } from '../errors';
import { pageSize, decodeCursor, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { listCaseAssistantReadPage } from './assistant-reads.repository';

/** One "Accessed by AI assistant" entry of a case's timeline. */
export interface AssistantReadView {
  readId: number;
  /** The MCP tool that read the case (get_case, list_documents ...). */
  tool: string;
  /** Its arguments as recorded (no secrets). */
  arguments: Record<string, unknown>;
  outcome: string;
  /** ISO 8601 UTC. */
  calledAt: string;
  clientId: string;
  /** The connector's name (for a metadata-document client, with its host). */
  appName: string;
  memberId: string;
  /** The member the assistant acted for (empty when they were removed and purged). */
  memberEmail: string;
}

/** Every AI-assistant read of one case, newest first, keyset-paged (the console's case timeline). */
export async function listCaseAssistantReads(
  svc: Services, actor: Actor, caseId: string, input: { limit?: number; cursor?: string },
): Promise<Page<AssistantReadView>> {
  authorize(actor, 'assistant_reads:read');
  const orgId = actor.orgId;
  const db = forTenant(svc.db, actor);
  const pk = await findCasePk(db, caseId);
  if (pk === null) throw DomainError.notFound('Case');
  const limit = pageSize(input.limit);
  const scope: CursorScope = { orgId, list: 'case_assistant_reads', filter: { caseId } };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listCaseAssistantReadPage(db, pk, { before, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], (r) => ({
    readId: r.id,
    tool: r.tool,
    arguments: r.arguments,
    outcome: r.outcome,
    calledAt: r.calledAt.toISOString(),
    clientId: r.clientId,
    appName: r.appName ?? r.clientId,
    memberId: r.memberId,
    memberEmail: r.memberEmail ?? '',
  }), { edgeCursors: true });
}
