import { authorize, type MemberActor } from '../access/index';
import { forTenant } from '../db/tenant-db';
import type { Services } from '../services';
import { countUnread } from './notifications.repository';

/** How many of the calling member's notifications are unread (the console header's badge). */
export async function unreadNotificationCount(svc: Services, actor: MemberActor): Promise<number> {
  authorize(actor, 'notifications:own');
  return countUnread(forTenant(svc.db, actor.orgId), actor.memberId);
}
