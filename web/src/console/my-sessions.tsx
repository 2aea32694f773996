// Your profile › Security › Your sessions: the browsers where you are signed in to the console, with their device
// (browser and system) and address; end any of them at once.
import { graphql } from '../gql';
import type { MySessionsQuery } from '../gql/graphql';
import { execute } from '../lib/graphql';
import { useAction, useRequest } from '../lib/use-request';
import { ConfirmButton } from '../ui/dialog';
import { ErrorNotice, Loading } from '../ui/status';
import { When } from './config/ui';
import { useSignInOnUnauthenticated } from './require-member';

const MySessions = graphql(`
  query MySessions {
    mySessions { id createdAt lastSeenAt current device address }
  }
`);

const EndSession = graphql(`
  mutation EndSession($id: ID!) {
    endSession(id: $id)
  }
`);

const load = () => execute(MySessions);

type Session = MySessionsQuery['mySessions'][number];

export function MySessionsSection() {
  const onError = useSignInOnUnauthenticated();
  const sessions = useRequest(load, 'my-sessions', onError);
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <p>The browsers where you are signed in to the console. Ending a session signs that browser out at once.</p>
      {sessions.status === 'loading' ? <Loading label="Loading sessions…" /> : null}
      {sessions.status === 'error' ? <ErrorNotice error={sessions.error} onRetry={sessions.reload} /> : null}
      {sessions.status === 'done' ? (
        <ul className="plain-list">
          {sessions.data.mySessions.map((s) => <SessionItem key={s.id} session={s} onEnded={sessions.reload} />)}
        </ul>
      ) : null}
    </section>
  );
}

function SessionItem({ session, onEnded }: { session: Session; onEnded: () => void }) {
  const end = useAction(() => execute(EndSession, { id: session.id }), useSignInOnUnauthenticated());
  const device = session.device ?? 'Unknown device';
  return (
    <li className="factor-row">
      <span>
        <strong>{device}</strong>{session.current ? ' (this browser)' : ''} · {session.address ?? 'unknown address'} · signed in <When at={session.createdAt} /> ·
        last used <When at={session.lastSeenAt} />
      </span>
      {session.current ? null : (
        <ConfirmButton label="End session" title={`End the session on ${device}?`} confirmLabel="End session" error={end.error} pending={end.pending}
          onConfirm={async () => {
            if (!(await end.run(undefined))) return false;
            onEnded();
            return true;
          }}>
          <p>That browser is signed out at once.</p>
        </ConfirmButton>
      )}
    </li>
  );
}
