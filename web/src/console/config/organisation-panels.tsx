// Organisation settings panels with more than one switch: the default MLRO (a choice of members), webhook
// failure alerts (a number of minutes) and identity verification (two switches), each in the one save pattern
// of save-form.tsx.
import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { SelectField, type Option } from '../../ui/select-field';
import { ErrorNotice } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { SaveForm } from './save-form';
import { useSettings } from './viewer';

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
export function DefaultMlroPanel({ mayChange }: { mayChange: boolean }) {
  const { viewer, setOrg } = useSettings();
  const onError = useSignInOnUnauthenticated();
  const members = useRequest(() => execute(MlroCandidates), 'mlro-candidates', onError);
  const change = useAction((memberId: string | null) => execute(SetDefaultMlro, { memberId }), onError);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const value = viewer.org.defaultMlroMemberId ?? NONE;
  const eligible = (members.data?.members ?? []).filter((m) => m.eligibleAsDefaultMlro);
  const current = eligible.find((m) => m.id === viewer.org.defaultMlroMemberId);
  const options: Option[] = [{ id: NONE, label: 'None: hand-offs wait in the senior queue' }, ...eligible.map((m) => ({ id: m.id, label: m.name ?? m.email }))];
  const chosen = draft ?? value;
  return (
    <section className="panel" aria-labelledby="default-mlro-title">
      <h2 id="default-mlro-title">Default MLRO</h2>
      <p>Monitoring reviews handed to the MLRO are assigned to this member (mlro role or above).</p>
      {members.status === 'error' ? <ErrorNotice error={members.error} onRetry={members.reload} /> : null}
      {mayChange ? (
        <SaveForm
          label="Default MLRO" changed={draft !== null && draft !== value} pending={change.pending} error={change.error} saved={saved}
          onSave={async () => {
            const done = await change.run(chosen === NONE ? null : chosen);
            if (!done) return;
            setOrg(done.setDefaultMlro);
            setDraft(null);
            setSaved(chosen === NONE ? 'No default MLRO: hand-offs wait in the senior queue.' : 'The default MLRO is saved.');
          }}
        >
          <SelectField label="Default MLRO" value={chosen} options={options} onChange={(v) => { setDraft(v); setSaved(null); }} />
        </SaveForm>
      ) : (
        <p><strong>{current ? current.name ?? current.email : 'None'}.</strong> A compliance admin can change this.</p>
      )}
    </section>
  );
}

/** Webhook failure alerts: after how many minutes of failures with no success the compliance admins and admins are emailed. */
export function WebhookAlertPanel({ mayChange }: { mayChange: boolean }) {
  const { viewer, setOrg } = useSettings();
  const current = viewer.org.webhookAlertAfterMinutes;
  const [minutes, setMinutes] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction((value: number) => execute(SetWebhookAlertThreshold, { minutes: value }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(save.error, ['minutes']);
  const typed = minutes ?? String(current);
  return (
    <section className="panel" aria-labelledby="webhook-alerts-title">
      <h2 id="webhook-alerts-title">Webhook failure alerts</h2>
      <p>
        When every delivery to an endpoint has failed for this long, with no success, the compliance admins and admins are emailed once, and
        once more when it works again. The endpoint is never paused for it.
      </p>
      {mayChange ? (
        <SaveForm
          label="Webhook failure alerts" changed={typed.trim() !== String(current)} pending={save.pending} fieldErrors={fieldErrors} error={rest} saved={saved}
          onSave={async () => {
            const done = await save.run(/^[0-9]{1,6}$/.test(typed.trim()) ? Number(typed.trim()) : -1);
            if (!done) return;
            setOrg(done.setWebhookAlertThreshold);
            setMinutes(null);
            setSaved(`Webhook failure alerts are sent after ${done.setWebhookAlertThreshold.webhookAlertAfterMinutes} minutes without a successful delivery.`);
          }}
        >
          <Field
            label="Alert after (minutes)" name="minutes" inputMode="numeric" isRequired value={typed}
            onChange={(v) => { setMinutes(v); setSaved(null); edited('minutes'); }}
            hint="5 to 10080 (7 days). The default is 60."
          />
        </SaveForm>
      ) : (
        <p><strong>After {current} minutes.</strong> A compliance admin can change this.</p>
      )}
    </section>
  );
}

/** Identity verification: a selfie with the ID document, and whether a valid document on file stands in for the link even then. */
export function IdentityVerificationPanel({ mayChange }: { mayChange: boolean }) {
  const { viewer, setOrg } = useSettings();
  const org = viewer.org;
  const onError = useSignInOnUnauthenticated();
  const [selfie, setSelfie] = useState<boolean | null>(null);
  const [onFile, setOnFile] = useState<boolean | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const selfieChanged = selfie !== null && selfie !== org.idvRequireSelfie;
  const onFileChanged = onFile !== null && onFile !== org.idvAcceptDocumentOnFile;
  const save = useAction(async () => {
    const words: string[] = [];
    let latest = org;
    if (selfieChanged) {
      latest = (await execute(SetIdvSelfieRequired, { required: selfie })).setIdvSelfieRequired;
      setOrg(latest);
      setSelfie(null);
      words.push(selfie ? 'Identity verification asks for a selfie.' : 'Identity verification no longer asks for a selfie.');
    }
    if (onFileChanged) {
      latest = (await execute(SetIdvAcceptDocumentOnFile, { accept: onFile })).setIdvAcceptDocumentOnFile;
      setOrg(latest);
      setOnFile(null);
      words.push(onFile
        ? 'A valid, accepted document on file now stands in for the link even when a selfie is required.'
        : 'With a selfie required, every person now gets a verification link.');
    }
    return words.join(' ');
  }, onError);
  return (
    <section className="panel" aria-labelledby="idv-title">
      <h2 id="idv-title">Identity verification</h2>
      <p id="idv-selfie-hint">
        When a selfie is asked for, each director, owner and signatory takes one with their ID document. The built-in verifier cannot compare
        faces, so every such verification then waits for a person to review it.
      </p>
      <p id="idv-document-on-file-hint">
        A passport or ID card already on file stands in for the verification link only when its check digits, expiry, name and date
        of birth hold, extraction was confident and the verifier or an analyst accepted it. With a selfie required (or a hosted
        verification vendor) it never does, unless the second switch is on. Changes are recorded in the audit log.
      </p>
      {mayChange ? (
        <SaveForm
          label="Identity verification" changed={selfieChanged || onFileChanged} pending={save.pending} error={save.error} saved={saved}
          onSave={async () => {
            const words = await save.run(undefined);
            if (words !== undefined) setSaved(words);
          }}
        >
          <Switch className="switch" aria-describedby="idv-selfie-hint" isSelected={selfie ?? org.idvRequireSelfie} onChange={(on) => { setSelfie(on); setSaved(null); }}>
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Ask for a selfie
          </Switch>
          <Switch className="switch" aria-describedby="idv-document-on-file-hint" isSelected={onFile ?? org.idvAcceptDocumentOnFile}
            onChange={(on) => { setOnFile(on); setSaved(null); }}>
            <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
            Accept a valid document on file instead of the link
          </Switch>
        </SaveForm>
      ) : (
        <>
          <p>Ask for a selfie: <strong>{org.idvRequireSelfie ? 'On' : 'Off'}.</strong></p>
          <p>Accept a valid document on file instead of the link: <strong>{org.idvAcceptDocumentOnFile ? 'On' : 'Off'}.</strong></p>
          <p>A compliance admin can change these.</p>
        </>
      )}
    </section>
  );
}
