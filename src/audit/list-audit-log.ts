import { And, LessThan, MoreThanOrEqual, type FindOptionsWhere } from 'typeorm';
import { authorize, type Actor } from '../access/index';
import type { ValidationDetail } from '../errors';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { throwIfAny } from '../validation';
import { AuditEntry } from './audit-entry.entity';

/** One line of the tenant configuration audit log, as the console shows it. */
export interface AuditEntryView {
  /** Increasing per line (a string: the id is a 64-bit integer). */
  id: string;
  /** Who: a member's email, `operator`, `api_client:<clientId>`, `connector:<clientId>` (see auditName). */
  actor: string;
  /** What, e.g. `webhook_endpoint.created`, `api_client.revoked`, `four_eyes.set`, `case.duplicate_open_case_override`. */
  action: string;
  /** The action's facts (ids, new values); never a secret. */
  details: Record<string, unknown>;
  createdAt: Date;
}

/** Filters of the audit log: who (the actor exactly as recorded), what (the action), and a time range [from, to). */
export interface AuditLogFilter {
  actor?: string | null;
  action?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/**
 * The tenant configuration audit log, newest first: every configuration change (webhook endpoints,
 * credentials, connected apps, full parity, four-eyes), case decisions and overrides, and every
 * `allowDuplicate` override of POST /v1/cases; optionally only one actor's, one action's, or those
 * recorded in [from, to). Keyset-paged on the line id (never OFFSET); the cursor is signed and bound to
 * the tenant and the filters.
 */
export async function listAuditLog(
  svc: Services,
  actor: Actor,
  input: { limit?: number; cursor?: string | null } & AuditLogFilter = {},
  options: { edgeCursors?: boolean } = {},
): Promise<Page<AuditEntryView>> {
  authorize(actor, 'audit:read');
  const details: ValidationDetail[] = [];
  const limit = pageSize(input.limit, 'limit', details);
  const text = (path: string, v: string | null | undefined) => {
    if (v == null || v === '') return null;
    if (v.length > 255) details.push({ path, message: 'must be at most 255 characters' });
    return v;
  };
  const who = text('actor', input.actor);
  const what = text('action', input.action);
  const from = input.from ?? null;
  const to = input.to ?? null;
  if (from && to && to.getTime() <= from.getTime()) details.push({ path: 'to', message: 'must be after from' });
  throwIfAny(details);
  const scope: CursorScope = {
    orgId: actor.orgId, list: 'audit_log',
    filter: { actor: who, action: what, from: from?.toISOString() ?? null, to: to?.toISOString() ?? null },
  };
  const where: FindOptionsWhere<AuditEntry> = { orgId: actor.orgId };
  if (who) where.actor = who;
  if (what) where.action = what;
  if (from && to) where.createdAt = And(MoreThanOrEqual(from), LessThan(to));
  else if (from) where.createdAt = MoreThanOrEqual(from);
  else if (to) where.createdAt = LessThan(to);
  if (input.cursor) where.id = LessThan(Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]));
  const rows = await svc.db.manager.find(AuditEntry, { where, order: { id: 'DESC' }, take: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [Number(r.id)], (r) => ({
    id: String(r.id), actor: r.actor, action: r.action, details: r.details, createdAt: r.createdAt,
  }), options);
}
