// Compliance Configuration › Organisation: the compliance switches. Four-eyes approval and, when the
// operator has granted the entitlement, full-parity egress; compliance admins change them, others see them.
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success } from './ui';
import { hasRole } from '../session';
import { useSettings } from './viewer';

const SetFourEyes = graphql(`
  mutation SetFourEyes($enabled: Boolean!) {
    setFourEyes(enabled: $enabled) {
      id
      name
      fourEyes
      fullParityEntitled
      fullParityEnabled
    }
  }
`);

const SetFullParity = graphql(`
  mutation SetFullParityEgress($enabled: Boolean!) {
    setFullParityEgress(enabled: $enabled) {
      id
      name
      fourEyes
      fullParityEntitled
      fullParityEnabled
    }
  }
`);

export function OrganisationPage() {
  const { viewer, setOrg } = useSettings();
  const org = viewer.org;
  const onError = useSignInOnUnauthenticated();
  const mayChange = hasRole(viewer.role, 'compliance_admin');
  const [message, setMessage] = useState<string | null>(null);
  const fourEyes = useAction((enabled: boolean) => execute(SetFourEyes, { enabled }), onError);
  const parity = useAction((enabled: boolean) => execute(SetFullParity, { enabled }), onError);
  const error = fourEyes.error ?? parity.error;

  return (
    <Page title="Organisation settings" area="Compliance configuration" lead={`The compliance switches of ${org.name}.`}>
      <dl className="facts">
        <dt>Organisation id</dt>
        <dd><code>{org.id}</code></dd>
      </dl>
      {message ? <Success><p>{message}</p></Success> : null}
      {error ? <ErrorNotice error={error} /> : null}
      <section className="panel" aria-labelledby="four-eyes-title">
        <h2 id="four-eyes-title">Four-eyes approval</h2>
        <p>When on, a monitoring-review verdict needs a second person to approve it.</p>
        {mayChange ? (
          <Switch
            className="switch"
            isSelected={org.fourEyes}
            isDisabled={fourEyes.pending}
            onChange={async (on) => {
              setMessage(null);
              const done = await fourEyes.run(on);
              if (done) {
                setOrg(done.setFourEyes);
                setMessage(on ? 'Four-eyes approval is on.' : 'Four-eyes approval is off.');
              }
            }}
          >
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Require four-eyes approval
          </Switch>
        ) : (
          <p><strong>{org.fourEyes ? 'On' : 'Off'}.</strong> A compliance admin can change this.</p>
        )}
      </section>
      {org.fullParityEntitled ? (
        <section className="panel" aria-labelledby="full-parity-title">
          <h2 id="full-parity-title">Full-parity egress</h2>
          <p>
            When on, every decision also sends the complete case file (case.data_package.delivered), and the pull API serves it to
            credentials with the read:full_case scope.
          </p>
          {mayChange ? (
            <Switch
              className="switch"
              isSelected={org.fullParityEnabled}
              isDisabled={parity.pending}
              onChange={async (on) => {
                setMessage(null);
                const done = await parity.run(on);
                if (done) {
                  setOrg(done.setFullParityEgress);
                  setMessage(on ? 'Full-parity egress is on.' : 'Full-parity egress is off.');
                }
              }}
            >
              <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
              Send the full case file
            </Switch>
          ) : (
            <p><strong>{org.fullParityEnabled ? 'On' : 'Off'}.</strong> A compliance admin can change this.</p>
          )}
        </section>
      ) : null}
    </Page>
  );
}
