import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { DomainError } from '../errors';
import type { Services } from '../services';
import { notifiedMember } from './own-notifications';
import { countUnread, markRead } from './notifications.repository';

/** The most ids one call may name. */
export const MARK_READ_MAX_IDS = 200;

/**
 * Marks the calling member's notifications read: those named by `ids`, or every one with `all`. Naming both or
 * neither is a validation error; ids of another member's (or tenant's) notifications, or unknown ones, change
 * nothing, so that no one learns which ids exist. Returns the unread count after.
 */
export async function markNotificationsRead(svc: Services, caller: Actor, input: { ids?: number[] | null; all?: boolean | null }): Promise<number> {
  authorize(caller, 'notifications:own');
  const actor = notifiedMember(caller);
  const ids = input.ids ?? null;
  const all = input.all === true;
  if ((ids === null) === !all) {
    throw DomainError.validation([{ path: 'ids', message: 'name the notifications to mark read, or set all: true (not both)' }]);
  }
  if (ids && ids.length > MARK_READ_MAX_IDS) throw DomainError.validation([{ path: 'ids', message: `must name at most ${MARK_READ_MAX_IDS} notifications` }]);
  if (ids && ids.some((id) => !Number.isSafeInteger(id) || id < 1)) throw DomainError.validation([{ path: 'ids', message: 'must be notification ids' }]);
  const db = forTenant(svc.db, actor);
  await markRead(db, actor.memberId, all ? null : [...new Set(ids)], svc.clock.now());
  return countUnread(db, actor.memberId);
}
