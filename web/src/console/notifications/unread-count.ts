// The signed-in member's unread notification count, shared by the header's badge and the notifications page
// (which sets it after marking read). Read again on every page change and once a minute.
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { execute } from '../../lib/graphql';
import { useViewer } from '../session';
import { UnreadNotificationCountQuery } from './notifications-query';

const REFRESH_MS = 60_000;
let count: number | null = null;
const listeners = new Set<() => void>();

export function setUnreadCount(next: number | null): void {
  count = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

async function refresh(): Promise<void> {
  try {
    setUnreadCount((await execute(UnreadNotificationCountQuery)).unreadNotificationCount);
  } catch {
    // Signed out or offline: the badge waits for the next page change; the pages say what went wrong.
  }
}

/** The unread count (null until known, or signed out), kept fresh while a member is signed in. */
export function useUnreadCount(): number | null {
  const viewer = useViewer();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!viewer) {
      setUnreadCount(null);
      return;
    }
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [viewer, pathname]);
  return useSyncExternalStore(subscribe, () => count, () => null);
}
