import { authorize, type Actor } from '../access/index';
import { forTenant } from '../db/index';
import { decodeCursor, pageSize, toPage, type CursorScope, type Page } from '../pagination/index';
import type { Services } from '../services';
import { notifiedMember } from './own-notifications';
import { notificationView, type NotificationView } from './notification-view';
import { listNotificationPage } from './notifications.repository';

/** The calling member's notifications, newest first, keyset-paged; `unreadOnly` leaves out those marked read. */
export async function listNotifications(
  svc: Services, caller: Actor, input: { limit?: number; cursor?: string; unreadOnly?: boolean },
): Promise<Page<NotificationView>> {
  authorize(caller, 'notifications:own');
  const actor = notifiedMember(caller);
  const db = forTenant(svc.db, actor);
  const limit = pageSize(input.limit);
  const unreadOnly = input.unreadOnly === true;
  const scope: CursorScope = { orgId: actor.orgId, list: 'notifications', filter: { memberId: actor.memberId, unreadOnly } };
  const before = input.cursor ? Number(decodeCursor(svc.config, scope, input.cursor, ['int'])[0]) : null;
  const rows = await listNotificationPage(db, actor.memberId, { before, unreadOnly, limit: limit + 1 });
  return toPage(svc.config, scope, rows, limit, (r) => [r.id], notificationView, { edgeCursors: true });
}
