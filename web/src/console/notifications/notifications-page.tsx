import { useState } from 'react';
import { Button, Link } from 'react-aria-components';
import type { ConsoleNotificationsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { when } from '../cases/labels';
import { useSignInOnUnauthenticated } from '../require-member';
import { MarkNotificationsReadMutation, NotificationsQuery } from './notifications-query';
import { setUnreadCount } from './unread-count';

type Item = ConsoleNotificationsQuery['notifications']['edges'][number]['node'];
const PAGE = 50;
const AREA = 'Compliance console';

/** The signed-in member's notifications (mentions in case notes), newest first: open the case, mark read, mark all read. */
export function NotificationsPage() {
  const onError = useSignInOnUnauthenticated();
  const [version, setVersion] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  const [more, setMore] = useState<{ version: number; items: Item[]; endCursor: string | null; hasNextPage: boolean } | null>(null);
  const data = useRequest(() => execute(NotificationsQuery, { first: PAGE }), String(version), onError);
  const mark = useAction((input: { ids?: string[]; all?: boolean }) => execute(MarkNotificationsReadMutation, input), onError);
  const loadMore = useAction((after: string) => execute(NotificationsQuery, { first: PAGE, after }), onError);

  if (data.status === 'error') return <Page title="Notifications" area={AREA}><ErrorNotice error={data.error} onRetry={data.reload} /></Page>;
  if (data.status === 'loading' && !more) return <Page title="Notifications" area={AREA}><Loading label="Loading your notifications…" /></Page>;
  const first = data.status === 'done' ? data.data.notifications : null;
  const later = more?.version === version ? more : null;
  const items = [...(first?.edges.map((e) => e.node) ?? []), ...(later?.items ?? [])];
  const next = later ? { hasNextPage: later.hasNextPage, endCursor: later.endCursor } : first?.pageInfo;

  const markRead = async (input: { ids?: string[]; all?: boolean }, message: string) => {
    const result = await mark.run(input);
    if (result === undefined) return;
    setUnreadCount(result.markNotificationsRead);
    setSaid(message);
    setVersion((v) => v + 1);
  };
  const readMore = async () => {
    const page = await loadMore.run(next!.endCursor!);
    if (page) {
      setMore({
        version, items: [...(later?.items ?? []), ...page.notifications.edges.map((e) => e.node)],
        endCursor: page.notifications.pageInfo.endCursor ?? null, hasNextPage: page.notifications.pageInfo.hasNextPage,
      });
    }
  };
  const unread = items.filter((n) => !n.readAt).length;

  return (
    <Page title="Notifications" area={AREA} lead="When a colleague mentions you in a case note. Each is emailed to you too.">
      <div role="status" aria-live="polite">{said ? <p className="notice notice-ok">{said}</p> : null}</div>
      {mark.error ? <ErrorNotice error={mark.error} /> : null}
      {items.length === 0 ? <p className="empty">No notifications yet.</p> : (
        <>
          <div className="toolbar">
            <Button className="button" onPress={() => markRead({ all: true }, 'All notifications are marked read.')} isPending={mark.pending} isDisabled={unread === 0}>
              Mark all as read
            </Button>
          </div>
          <ul className="cards notifications">
            {items.map((n) => (
              <li key={n.id} className={n.readAt ? 'card notification' : 'card notification notification-unread'}>
                <div className="card-header">
                  {n.readAt ? null : <span className="badge badge-warn">Unread</span>}
                  <p className="card-title">
                    {n.actorName} mentioned you{n.caseId ? <> on <Link href={`/console/cases/${encodeURIComponent(n.caseId)}?tab=activity`}>case {n.caseId}</Link></> : null}
                  </p>
                </div>
                <p className="card-meta">{when(n.createdAt)}</p>
                <p className="notification-excerpt">{n.excerpt}</p>
                {n.readAt ? null : (
                  <Button className="button" onPress={() => markRead({ ids: [n.id] }, 'Marked read.')} isDisabled={mark.pending} aria-label={`Mark read: ${n.actorName} on case ${n.caseId ?? ''}`}>
                    Mark read
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {loadMore.error ? <ErrorNotice error={loadMore.error} /> : null}
          {next?.hasNextPage ? <Button className="button" onPress={readMore} isPending={loadMore.pending}>Load more notifications</Button> : null}
        </>
      )}
    </Page>
  );
}
