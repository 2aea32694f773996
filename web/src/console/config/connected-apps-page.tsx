// Compliance Configuration › Connected apps: every app any member connected (AI assistants over OAuth),
// who connected it, its scopes, last use and AI-assistant (MCP) calls in the last 30 days; Disconnect for your own apps, or anyone's as an admin.
import { useState } from 'react';
import { graphql } from '../../gql';
import type { ConnectedAppsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { ConfirmButton } from '../../ui/dialog';
import { Success, When, useLastData } from './ui';
import { useSettings } from './viewer';

const AppsQuery = graphql(`
  query ConnectedApps {
    connectedApps {
      grantId
      clientId
      appName
      connectedBy {
        id
        email
        name
      }
      scopes
      createdAt
      lastUsedAt
      callsLast30Days
      lastCallAt
    }
  }
`);

const Disconnect = graphql(`
  mutation DisconnectConnectedApp($grantId: ID!) {
    disconnectConnectedApp(grantId: $grantId)
  }
`);

type App = ConnectedAppsQuery['connectedApps'][number];

const load = () => execute(AppsQuery);

export function ConnectedAppsPage() {
  const { viewer } = useSettings();
  const list = useRequest(load, 'connected-apps', useSignInOnUnauthenticated());
  const data = useLastData(list);
  const [message, setMessage] = useState<string | null>(null);
  const mayDisconnectAny = viewer.viewerCan.disconnectAnyConnectedApp;
  return (
    <Page title="Connected apps" area="Compliance configuration" lead="Apps that members of your organisation allowed to act for them, such as AI assistants.">
      {message ? <Success><p>{message}</p></Success> : null}
      {!data && list.status === 'loading' ? <Loading label="Loading connected apps…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {data && data.connectedApps.length === 0 ? <p className="empty">No app is connected.</p> : null}
      {data && data.connectedApps.length ? (
        <ul className="cards" aria-label="Connected apps">
          {data.connectedApps.map((a) => (
            <li key={a.grantId}>
              <AppCard
                app={a}
                mayDisconnect={mayDisconnectAny || a.connectedBy.id === viewer.id}
                mine={a.connectedBy.id === viewer.id}
                onDisconnected={() => { setMessage(`Disconnected ${a.appName}: its tokens no longer work.`); list.reload(); }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function AppCard({ app, mayDisconnect, mine, onDisconnected }: { app: App; mayDisconnect: boolean; mine: boolean; onDisconnected: () => void }) {
  const disconnect = useAction(() => execute(Disconnect, { grantId: app.grantId }), useSignInOnUnauthenticated());
  const who = app.connectedBy.name ? `${app.connectedBy.name} (${app.connectedBy.email})` : app.connectedBy.email;
  return (
    <article className="card" aria-labelledby={`app-${app.grantId}`}>
      <header className="card-header">
        <h2 id={`app-${app.grantId}`} className="card-title">{app.appName}</h2>
        {mine ? <span className="badge badge-neutral">Yours</span> : null}
      </header>
      <dl className="facts">
        <dt>Connected by</dt>
        <dd>{who}</dd>
        <dt>Scopes</dt>
        <dd>{app.scopes.join(' ')}</dd>
        <dt>Connected</dt>
        <dd><When at={app.createdAt} /></dd>
        <dt>Last used</dt>
        <dd><When at={app.lastUsedAt} /></dd>
        <dt>Calls, 30 days</dt>
        <dd>{app.callsLast30Days}</dd>
        <dt>Last call</dt>
        <dd><When at={app.lastCallAt} /></dd>
      </dl>
      {mayDisconnect ? (
        <div className="actions">
          <ConfirmButton
            label="Disconnect"
            title={`Disconnect ${app.appName}?`}
            confirmLabel="Disconnect app"
            error={disconnect.error}
            pending={disconnect.pending}
            onConfirm={async () => {
              if (!(await disconnect.run(undefined))) return false;
              onDisconnected();
              return true;
            }}
          >
            <p>Every access and refresh token of this app stops working{mine ? '' : ` for ${who}`}. It can be connected again later.</p>
          </ConfirmButton>
        </div>
      ) : null}
    </article>
  );
}
