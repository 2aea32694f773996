// Compliance Configuration › Organisation: the compliance switches. Four-eyes approval, the default MLRO and, when the
// operator has granted the entitlement, full-parity egress and zero retention (which needs full parity on);
// compliance admins change them, others see them.
import { useState, type FormEvent } from 'react';
import { Button, Form, Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { SelectField, type Option } from '../../ui/select-field';
import { Page } from '../../ui/page';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Field } from '../../ui/field';
import { PersonReuseWindowSection } from './person-reuse-window';
import { Success, useFieldErrors } from './ui';
import { ReminderSchedulePanel } from './reminder-schedule-panel';
import type { Org } from '../session';
import { useSettings } from './viewer';
import { MonitoringSchedulePanel } from './monitoring-schedule';
import { SsoPanel } from './sso-panel';

const SetFourEyes = graphql(`
  mutation SetFourEyes($enabled: Boolean!) {
    setFourEyes(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetMfaRequired = graphql(`
  mutation SetMfaRequired($enabled: Boolean!) {
    setMfaRequired(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetFullParity = graphql(`
  mutation SetFullParityEgress($enabled: Boolean!) {
    setFullParityEgress(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetZeroRetention = graphql(`
  mutation SetZeroRetention($enabled: Boolean!) {
    setZeroRetention(enabled: $enabled) {
      ...OrganisationFields
    }
  }
`);

const SetWebhookAlertThreshold = graphql(`
  mutation SetWebhookAlertThreshold($minutes: Int!) {
    setWebhookAlertThreshold(minutes: $minutes) {
      ...OrganisationFields
    }
  }
`);

const SetIdvSelfieRequired = graphql(`
  mutation SetIdvSelfieRequired($required: Boolean!) {
    setIdvSelfieRequired(required: $required) {
      ...OrganisationFields
    }
  }
`);

const SetIdvAcceptDocumentOnFile = graphql(`
  mutation SetIdvAcceptDocumentOnFile($accept: Boolean!) {
    setIdvAcceptDocumentOnFile(accept: $accept) {
      ...OrganisationFields
    }
  }
`);

const SetDefaultMlro = graphql(`
  mutation SetDefaultMlro($memberId: ID) {
    setDefaultMlro(memberId: $memberId) {
      ...OrganisationFields
    }
  }
`);

const MlroCandidates = graphql(`
  query MlroCandidates {
    members {
      id
      name
      email
      eligibleAsDefaultMlro
    }
  }
`);

const NONE = 'none';

/** The default MLRO: who monitoring-review hand-offs are assigned to (mlro or above), or none (the senior queue). */
function DefaultMlro({ org, mayChange, onChanged, onError }: {
  org: Org; mayChange: boolean; onChanged: (org: Org, message: string) => void; onError: ReturnType<typeof useSignInOnUnauthenticated>;
}) {
  const members = useRequest(() => execute(MlroCandidates), 'mlro-candidates', onError);
  const change = useAction((memberId: string | null) => execute(SetDefaultMlro, { memberId }), onError);
  const eligible = (members.data?.members ?? []).filter((m) => m.eligibleAsDefaultMlro);
  const current = eligible.find((m) => m.id === org.defaultMlroMemberId);
  const options: Option[] = [{ id: NONE, label: 'None: hand-offs wait in the senior queue' }, ...eligible.map((m) => ({ id: m.id, label: m.name ?? m.email }))];
  return (
    <section className="panel" aria-labelledby="default-mlro-title">
      <h2 id="default-mlro-title">Default MLRO</h2>
      <p>Monitoring reviews handed to the MLRO are assigned to this member (mlro role or above).</p>
      {change.error ? <ErrorNotice error={change.error} /> : null}
      {mayChange ? (
        <SelectField
          label="Default MLRO" value={org.defaultMlroMemberId ?? NONE} options={options}
          onChange={async (v) => {
            const done = await change.run(v === NONE ? null : v);
            if (done) onChanged(done.setDefaultMlro, v === NONE ? 'No default MLRO: hand-offs wait in the senior queue.' : 'The default MLRO is saved.');
          }}
        />
      ) : (
        <p><strong>{current ? current.name ?? current.email : 'None'}.</strong> A compliance admin can change this.</p>
      )}
    </section>
  );
}

export function OrganisationPage() {
  const { viewer, setOrg } = useSettings();
  const org = viewer.org;
  const onError = useSignInOnUnauthenticated();
  const can = viewer.viewerCan;
  const [message, setMessage] = useState<string | null>(null);
  const fourEyes = useAction((enabled: boolean) => execute(SetFourEyes, { enabled }), onError);
  const parity = useAction((enabled: boolean) => execute(SetFullParity, { enabled }), onError);
  const retention = useAction((enabled: boolean) => execute(SetZeroRetention, { enabled }), onError);
  const selfie = useAction((required: boolean) => execute(SetIdvSelfieRequired, { required }), onError);
  const documentOnFile = useAction((accept: boolean) => execute(SetIdvAcceptDocumentOnFile, { accept }), onError);
  const mfa = useAction((enabled: boolean) => execute(SetMfaRequired, { enabled }), onError);
  const error = mfa.error ?? fourEyes.error ?? parity.error ?? retention.error ?? selfie.error ?? documentOnFile.error;

  return (
    <Page title="Organisation settings" area="Compliance configuration" lead={`The compliance switches of ${org.name}.`}>
      <dl className="facts">
        <dt>Organisation id</dt>
        <dd><code>{org.id}</code></dd>
      </dl>
      {message ? <Success><p>{message}</p></Success> : null}
      {error ? <ErrorNotice error={error} /> : null}
      <section className="panel" aria-labelledby="mfa-title">
        <h2 id="mfa-title">Second factor</h2>
        <p>
          When on, every member needs an authenticator app or a passkey. A member without one is sent to set it up when they next
          use the console, and can do nothing else until then. Turn it on once your own second factor is set up (Security, in your profile).
        </p>
        {can.configureMfa ? (
          <Switch
            className="switch"
            isSelected={org.mfaRequired}
            isDisabled={mfa.pending}
            onChange={async (on) => {
              setMessage(null);
              const done = await mfa.run(on);
              if (done) {
                setOrg(done.setMfaRequired);
                setMessage(on ? 'Every member now needs a second factor.' : 'A second factor is no longer required.');
              }
            }}
          >
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Require MFA
          </Switch>
        ) : (
          <p><strong>{org.mfaRequired ? 'Required' : 'Not required'}.</strong> An admin can change this.</p>
        )}
      </section>
      {can.configureSso ? <SsoPanel /> : null}
      <section className="panel" aria-labelledby="four-eyes-title">
        <h2 id="four-eyes-title">Four-eyes approval</h2>
        <p>When on, a monitoring-review verdict, and an approval of a case over its open checks, needs a second person to approve it.</p>
        {can.setFourEyes ? (
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
      <DefaultMlro org={org} mayChange={can.setDefaultMlro} onError={onError} onChanged={(o, m) => { setOrg(o); setMessage(m); }} />
      <WebhookAlertSection mayChange={can.setWebhookAlertThreshold} onSaved={(m) => setMessage(m)} onChange={() => setMessage(null)} />
      <section className="panel" aria-labelledby="idv-selfie-title">
        <h2 id="idv-selfie-title">Identity verification</h2>
        <p>
          When on, each director, owner and signatory is asked for a selfie with their ID document. The built-in verifier cannot compare
          faces, so every such verification then waits for a person to review it.
        </p>
        {can.configureIdentityVerification ? (
          <Switch
            className="switch"
            isSelected={org.idvRequireSelfie}
            isDisabled={selfie.pending}
            onChange={async (on) => {
              setMessage(null);
              const done = await selfie.run(on);
              if (done) {
                setOrg(done.setIdvSelfieRequired);
                setMessage(on ? 'Identity verification asks for a selfie.' : 'Identity verification no longer asks for a selfie.');
              }
            }}
          >
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Ask for a selfie
          </Switch>
        ) : (
          <p><strong>{org.idvRequireSelfie ? 'On' : 'Off'}.</strong> A compliance admin can change this.</p>
        )}
        <h3 id="idv-document-on-file-title">Accept a valid document on file</h3>
        <p id="idv-document-on-file-hint">
          A passport or ID card already on file stands in for the verification link only when its check digits, expiry, name and date
          of birth hold, extraction was confident and the verifier or an analyst accepted it. With a selfie required (or a hosted
          verification vendor) it never does, unless this is on. Changes are recorded in the audit log.
        </p>
        {can.configureIdentityVerification ? (
          <Switch
            className="switch"
            aria-describedby="idv-document-on-file-hint"
            isSelected={org.idvAcceptDocumentOnFile}
            isDisabled={documentOnFile.pending}
            onChange={async (on) => {
              setMessage(null);
              const done = await documentOnFile.run(on);
              if (done) {
                setOrg(done.setIdvAcceptDocumentOnFile);
                setMessage(on
                  ? 'A valid, accepted document on file now stands in for the link even when a selfie is required.'
                  : 'With a selfie required, every person now gets a verification link.');
              }
            }}
          >
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Accept a valid document on file instead of the link
          </Switch>
        ) : (
          <p><strong>{org.idvAcceptDocumentOnFile ? 'On' : 'Off'}.</strong> A compliance admin can change this.</p>
        )}
      </section>
      {org.fullParityEntitled ? (
        <section className="panel" aria-labelledby="full-parity-title">
          <h2 id="full-parity-title">Full-parity egress</h2>
          <p>
            When on, every decision also sends the complete case file (case.data_package.delivered), and the pull API serves it to
            credentials with the read:full_case scope.
          </p>
          {can.setFullParityEgress ? (
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
          {can.setZeroRetention ? (
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
      <MonitoringSchedulePanel mayChange={can.configureMonitoring} onSaved={setMessage} />
      <ReminderSchedulePanel mayChange={can.configureReminders} />
      <PersonReuseWindowSection mayChange={can.configurePersonReuse} onSaved={(m) => setMessage(m)} />
    </Page>
  );
}

/** Webhook failure alerts: after how many minutes of failures with no success the compliance admins and admins are emailed. */
function WebhookAlertSection({ mayChange, onSaved, onChange }: { mayChange: boolean; onSaved: (message: string) => void; onChange: () => void }) {
  const { viewer, setOrg } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const current = viewer.org.webhookAlertAfterMinutes;
  const [minutes, setMinutes] = useState(String(current));
  const save = useAction((value: number) => execute(SetWebhookAlertThreshold, { minutes: value }), onError);
  const { fieldErrors, notice } = useFieldErrors(save.error, ['minutes']);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onChange();
    const value = /^[0-9]{1,6}$/.test(minutes.trim()) ? Number(minutes.trim()) : -1;
    const done = await save.run(value);
    if (done) {
      setOrg(done.setWebhookAlertThreshold);
      onSaved(`Webhook failure alerts are sent after ${done.setWebhookAlertThreshold.webhookAlertAfterMinutes} minutes without a successful delivery.`);
    }
  }

  return (
    <section className="panel" aria-labelledby="webhook-alerts-title">
      <h2 id="webhook-alerts-title">Webhook failure alerts</h2>
      <p>
        When every delivery to an endpoint has failed for this long, with no success, the compliance admins and admins are emailed once, and
        once more when it works again. The endpoint is never paused for it.
      </p>
      {mayChange ? (
        <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
          <Field
            label="Alert after (minutes)"
            name="minutes"
            inputMode="numeric"
            isRequired
            value={minutes}
            onChange={setMinutes}
            hint="5 to 10080 (7 days). The default is 60."
          />
          {notice ? <ErrorNotice error={notice} /> : null}
          <div className="actions">
            <Button className="button button-primary" type="submit" isDisabled={save.pending}>Save alert threshold</Button>
          </div>
        </Form>
      ) : (
        <p><strong>After {current} minutes.</strong> A compliance admin can change this.</p>
      )}
    </section>
  );
}
