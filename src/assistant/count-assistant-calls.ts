import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { countAssistantReadsByGrant } from './assistant-reads.repository';

/** The window of the Connected Apps page's call count, days. */
export const ASSISTANT_CALL_WINDOW_DAYS = 30;

/** Per connected app (grant): its MCP tool calls in the last 30 days and its last call's time. */
export async function countAssistantCalls(
  svc: Services, actor: Actor, grantIds: string[],
): Promise<Map<string, { calls: number; lastCallAt: Date | null }>> {
  authorize(actor, 'connected_apps:read');
  const since = new Date(svc.clock.now().getTime() - ASSISTANT_CALL_WINDOW_DAYS * 24 * 3600 * 1000);
  return countAssistantReadsByGrant(forTenant(svc.db, actor), [...new Set(grantIds)], since);
}
