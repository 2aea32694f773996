// Compliance Configuration › Organisation: the compliance switches. Four-eyes approval and, when the
// operator has granted the entitlement, full-parity egress and zero retention (which needs full parity on);
// compliance admins change them, others see them.
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { PersonReuseWindowSection } from './person-reuse-window';
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
      zeroRetention
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
      zeroRetention
    }
  }
`);

const SetZeroRetention = graphql(`
  mutation SetZeroRetention($enabled: Boolean!) {
    setZeroRetention(enabled: $enabled) {
      id
      name
      fourEyes
      fullParityEntitled
      fullParityEnabled
      zeroRetention
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
  const retention = useAction((enabled: boolean) => execute(SetZeroRetention, { enabled }), onError);
  const error = fourEyes.error ?? parity.error ?? retention.error;

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
                  const alsoRetention = !on && org.zeroRetention ? ' Zero retention is off too: it needs full-parity egress.' : '';
                  setMessage(on ? 'Full-parity egress is on.' : `Full-parity egress is off.${alsoRetention}`);
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
      {org.fullParityEntitled ? (
        <section className="panel" aria-labelledby="zero-retention-title">
          <h2 id="zero-retention-title">Zero retention</h2>
          <p>
            When on, a decided case&apos;s personal data (documents and their files, extracted data, parties, the customer&apos;s contact details)
            is purged once every webhook endpoint subscribed to case.data_package.delivered has answered its delivery with a 2xx. A failed or
            paused delivery, or no subscribed endpoint at all, holds the purge. The case keeps its ids, status, decision and risk band.
          </p>
          {mayChange ? (
            <>
              <Switch
                className="switch"
                isSelected={org.zeroRetention}
                isDisabled={retention.pending || (!org.fullParityEnabled && !org.zeroRetention)}
                onChange={async (on) => {
                  setMessage(null);
                  const done = await retention.run(on);
                  if (done) {
                    setOrg(done.setZeroRetention);
                    setMessage(on ? 'Zero retention is on.' : 'Zero retention is off.');
                  }
                }}
              >
                <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
                Purge personal data after delivery
              </Switch>
              {!org.fullParityEnabled ? <p className="field-hint">Switch full-parity egress on first: the purge waits for the full case file to be delivered.</p> : null}
            </>
          ) : (
            <p><strong>{org.zeroRetention ? 'On' : 'Off'}.</strong> A compliance admin can change this.</p>
          )}
        </section>
      ) : null}
      <PersonReuseWindowSection mayChange={mayChange} onSaved={(m) => setMessage(m)} />
    </Page>
  );
}
