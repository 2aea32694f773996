import { graphql } from '../gql';
import { execute } from '../lib/graphql';
import { useRequest } from '../lib/use-request';
import { Page } from '../ui/page';
import { ErrorNotice, Loading } from '../ui/status';

const ServiceHealthQuery = graphql(`
  query ServiceHealth {
    health {
      ready
      mysql
      queue
    }
  }
`);

const load = () => execute(ServiceHealthQuery);

const WORDS: Record<string, string> = { ok: 'Working', unavailable: 'Not answering' };

/** The service's health over GraphQL (public: no session needed). */
export function StatusPage() {
  const health = useRequest(load, 'health');
  return (
    <Page title="Service status" area="Compliance console">
      {health.status === 'loading' ? <Loading /> : null}
      {health.status === 'error' ? <ErrorNotice error={health.error} onRetry={health.reload} /> : null}
      {health.status === 'done' ? (
        <>
          <p className={health.data.health.ready ? 'badge badge-ok' : 'badge badge-bad'} data-testid="readiness">
            {health.data.health.ready ? 'Ready' : 'Not ready'}
          </p>
          <dl className="facts">
            <dt>Database</dt>
            <dd>{WORDS[health.data.health.mysql] ?? health.data.health.mysql}</dd>
            <dt>Job queue</dt>
            <dd>{WORDS[health.data.health.queue] ?? health.data.health.queue}</dd>
          </dl>
        </>
      ) : null}
    </Page>
  );
}
