import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import type { Services } from '../services';
import { notifiedMember } from './own-notifications';
import { countUnread } from './notifications.repository';

/** How many of the calling member's notifications are unread (the console header's badge). */
export async function unreadNotificationCount(svc: Services, caller: Actor): Promise<number> {
  authorize(caller, 'notifications:own');
  const actor = notifiedMember(caller);
  return countUnread(forTenant(svc.db, actor), actor.memberId);
}
