import { auditName, authorize, systemActor, type Actor } from '../access/index';
import { recordAudit } from '../audit/index';
import { inTransaction } from '../db/transaction';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { listMembers } from '../tenants/index';
import { fillQueues } from './fill-queues';
import { effectiveAvailability, type AvailabilityView } from './queue';
import { returnHandedCases } from './return-handed-cases';
import { availabilityOf, writeAvailability } from './work-queues.repository';

/** The longest an availability setting may be set ahead (a year). */
const MAX_AHEAD_MS = 366 * 24 * 3_600_000;

const view = (memberId: string, row: { available: boolean; until: Date | null } | undefined, now: Date): AvailabilityView => ({
  memberId, available: effectiveAvailability(row, now), until: row && row.until !== null && now < row.until ? row.until.toISOString() : null,
});

/** A member's availability for automatic assignment (one's own; another's needs queues:availability_any). */
export async function getAvailability(svc: Services, actor: Actor, input: { memberId?: string | null }): Promise<AvailabilityView> {
  const memberId = await target(svc, actor, input.memberId);
  const row = (await availabilityOf(forTenant(svc.db, actor), [memberId])).get(memberId);
  return view(memberId, row, svc.clock.now());
}

/** Whose availability: the given member or oneself, checked (one's own: queues:availability; another's: queues:availability_any). */
async function target(svc: Services, actor: Actor, memberId: string | null | undefined): Promise<string> {
  const self = actor.kind === 'member' ? actor.memberId : null;
  const id = memberId ?? self;
  if (id === null) throw DomainError.validation([{ path: 'memberId', message: 'is required' }]);
  authorize(actor, id === self ? 'queues:availability' : 'queues:availability_any');
  if (!(await listMembers(svc, systemActor(actor.orgId))).some((m) => m.userId === id)) throw DomainError.notFound('Member');
  return id;
}

/**
 * Sets a member's availability for automatic assignment (one's own, or with queues:availability_any
 * another's: leave, out of office), until `until` (then the opposite holds: the sweep's lapseAvailability
 * makes it so for good) or for good. When it leaves them unavailable, the cases the queues handed them that nobody touched since go back to their queue
 * (owner.changed, newOwner null, changedBy null) and are handed out again; when it makes them available,
 * waiting cases are handed out. Audited as member_availability.set.
 */
export async function setAvailability(
  svc: Services, actor: Actor, input: { memberId?: string | null; available: boolean; until?: string | null },
): Promise<AvailabilityView> {
  const memberId = await target(svc, actor, input.memberId);
  const now = svc.clock.now();
  let until: Date | null = null;
  if (input.until !== undefined && input.until !== null) {
    until = new Date(input.until);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(input.until) || Number.isNaN(until.getTime())) throw DomainError.validation([{ path: 'until', message: 'must be an ISO 8601 date-time' }]);
    if (until <= now || until.getTime() - now.getTime() > MAX_AHEAD_MS) throw DomainError.validation([{ path: 'until', message: 'must be in the future, at most a year ahead' }]);
  }
  const row = { memberId, available: input.available, until };
  const returned = await inTransaction(svc, async (tx) => {
    const db = forTenant(tx.manager, actor);
    await writeAvailability(db, row, auditName(actor), now);
    await recordAudit(tx, {
      orgId: actor.orgId, actor: auditName(actor), action: 'member_availability.set',
      details: { memberId, available: input.available, until: until?.toISOString() ?? null }, at: now,
    });
    if (effectiveAvailability(row, now)) return 0;
    return returnHandedCases(tx, db, memberId, now);
  });
  if (returned > 0 || effectiveAvailability(row, now)) await fillQueues(svc, actor.orgId);
  return view(memberId, row, now);
}
