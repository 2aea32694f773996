import { Button, Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useAction } from '../lib/use-request';
import { ErrorNotice } from '../ui/status';
import { useUnreadCount } from './notifications/unread-count';
import { ROLE_LABELS, signOut, useViewer } from './session';

/** The header's member block: who is signed in (name, role, organisation) and Sign out. Empty when signed out. */
export function MemberMenu() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const action = useAction(signOut);
  const unread = useUnreadCount();
  if (!viewer) return null;
  return (
    <div className="member-menu">
      <Link className="notifications-link" href="/console/notifications">
        Notifications
        {unread ? <><span className="badge badge-count" aria-hidden="true">{unread}</span><span className="visually-hidden">, {unread} unread</span></> : null}
      </Link>
      <p className="member-who">
        <span className="member-name">{viewer.name ?? viewer.email}</span>
        <span className="member-role">{ROLE_LABELS[viewer.role]} · {viewer.org.name}</span>
      </p>
      <Link className="security-link" href="/console/security">Security</Link>
      <Button
        className="button"
        isPending={action.pending}
        onPress={async () => {
          if (await action.run(undefined)) navigate('/console/sign-in', { replace: true });
        }}
      >
        Sign out
      </Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </div>
  );
}
