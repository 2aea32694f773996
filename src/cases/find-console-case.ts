import { forTenant } from '../db/index';
import { authorize, type Actor } from '../access/index';
import type { Services } from '../services';
import { findConsoleCaseRow } from './case-work.repository';
import { consoleCaseView, type ConsoleCaseView } from './console-case-views';

/** One case as the console shows it, or null for a missing id and another tenant's alike. */
export async function findConsoleCase(svc: Services, actor: Actor, caseId: string): Promise<ConsoleCaseView | null> {
  authorize(actor, 'cases:read');
  const row = await findConsoleCaseRow(forTenant(svc.db, actor), caseId);
  return row ? consoleCaseView(row, svc.config.appUrl) : null;
}
