// Organisation settings › Single sign-on (admins): the OpenID Connect connection (issuer, client id, a client secret
// that is stored encrypted and never shown again, the email domains that sign in through it), just-in-time
// provisioning with its default role, "SSO required", the redirect URIs to register, "Test connection" and removal.
import { useState } from 'react';
import { Button, Switch } from 'react-aria-components';
import { graphql } from '../../gql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { Success, useFieldErrors, useLastData } from './ui';
import { SaveForm } from './save-form';

graphql(`
  fragment SsoFields on SsoConnection {
    issuerUrl
    clientId
    allowedDomains
    jitProvisioning
    defaultRole
    ssoRequired
    redirectUris
    updatedAt
  }
`);

const SsoConnectionQuery = graphql(`
  query SsoConnection {
    ssoConnection {
      ...SsoFields
    }
  }
`);

const SetSsoConnection = graphql(`
  mutation SetSsoConnection($input: SsoConnectionInput!) {
    setSsoConnection(input: $input) {
      ...SsoFields
    }
  }
`);

const TestSsoConnection = graphql(`
  mutation TestSsoConnection {
    testSsoConnection {
      ok
      message
    }
  }
`);

const RemoveSsoConnection = graphql(`
  mutation RemoveSsoConnection {
    removeSsoConnection
  }
`);

const FIELDS = ['issuerUrl', 'clientId', 'clientSecret', 'allowedDomains', 'defaultRole'];
const ROLES = [
  { id: 'analyst', label: 'Analyst' },
  { id: 'mlro', label: 'MLRO' },
  { id: 'compliance_admin', label: 'Compliance admin' },
];

type Saved = { issuerUrl: string; clientId: string; allowedDomains: string[]; jitProvisioning: boolean; defaultRole: string; ssoRequired: boolean; redirectUris: string[] };

/** The single sign-on section of the organisation settings, shown to admins only. */
export function SsoPanel() {
  const onError = useSignInOnUnauthenticated();
  const current = useRequest(() => execute(SsoConnectionQuery), 'sso-connection', onError);
  // The last answer stays on screen while a reload runs, so the form keeps its state and its message.
  const data = useLastData(current);
  if (current.status === 'error' && !data) return <section className="panel" aria-labelledby="sso-title"><h2 id="sso-title">Single sign-on</h2><ErrorNotice error={current.error} onRetry={current.reload} /></section>;
  if (!data) return <section className="panel" aria-labelledby="sso-title"><h2 id="sso-title">Single sign-on</h2><Loading label="Loading single sign-on…" /></section>;
  return <SsoForm saved={(data.ssoConnection as Saved | null | undefined) ?? null} reload={current.reload} />;
}

function SsoForm({ saved, reload }: { saved: Saved | null; reload: () => void }) {
  const onError = useSignInOnUnauthenticated();
  const [issuerUrl, setIssuerUrl] = useState(saved?.issuerUrl ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.allowedDomains.join(', ') ?? '');
  const [jit, setJit] = useState(saved?.jitProvisioning ?? false);
  const [role, setRole] = useState(saved?.defaultRole ?? 'analyst');
  const [required, setRequired] = useState(saved?.ssoRequired ?? false);
  const [message, setMessage] = useState<string | null>(null);
  const save = useAction((input: Record<string, unknown>) => execute(SetSsoConnection, { input: input as never }), onError);
  const test = useAction(() => execute(TestSsoConnection), onError);
  const remove = useAction(() => execute(RemoveSsoConnection), onError);
  const { fieldErrors, notice } = useFieldErrors(save.error, FIELDS);
  const result = test.result?.testSsoConnection;

  const domainList = domains.split(/[\s,]+/).filter(Boolean);
  const changed = saved === null
    ? Boolean(issuerUrl || clientId || clientSecret || domains || jit || required)
    : issuerUrl !== saved.issuerUrl || clientId !== saved.clientId || clientSecret !== '' || domainList.join(',') !== saved.allowedDomains.join(',')
      || jit !== saved.jitProvisioning || (jit && role !== saved.defaultRole) || required !== saved.ssoRequired;
  const edit = <T,>(set: (v: T) => void) => (v: T) => { set(v); setMessage(null); };

  async function submit() {
    setMessage(null);
    const done = await save.run({
      issuerUrl, clientId, clientSecret: clientSecret || null, allowedDomains: domainList,
      jitProvisioning: jit, defaultRole: role, ssoRequired: required,
    });
    if (done) {
      setClientSecret('');
      setMessage('The single sign-on connection is saved. Use "Test connection" to check it.');
      reload();
    }
  }

  return (
    <section className="panel" aria-labelledby="sso-title">
      <h2 id="sso-title">Single sign-on</h2>
      <p>
        Members whose email is in one of these domains sign in through your identity provider (OpenID Connect). The identity provider&apos;s
        MFA counts as their second factor when it says so; otherwise a member with an authenticator app or passkey still gives it.
      </p>
      {saved ? (
        <>
          <p>Register these redirect URIs with your identity provider:</p>
          <ul className="plain-list">{saved.redirectUris.map((u) => <li key={u}><code>{u}</code></li>)}</ul>
        </>
      ) : null}
      <SaveForm label="Single sign-on" changed={changed} pending={save.pending} fieldErrors={fieldErrors} error={notice ?? undefined} saved={message} onSave={submit}>
        <Field label="Issuer URL" name="issuerUrl" type="url" isRequired value={issuerUrl} onChange={edit(setIssuerUrl)} hint="For example https://login.example.com. Its metadata is read from /.well-known/openid-configuration." />
        <Field label="Client ID" name="clientId" isRequired value={clientId} onChange={edit(setClientId)} />
        <Field
          label="Client secret" name="clientSecret" type="password" autoComplete="off" value={clientSecret} onChange={edit(setClientSecret)} isRequired={!saved}
          hint={saved ? 'Stored encrypted and never shown again. Leave blank to keep it.' : 'Stored encrypted and never shown again.'}
        />
        <Field label="Email domains" name="allowedDomains" isRequired value={domains} onChange={edit(setDomains)} hint="Separated by commas, for example example.com, example.co.uk." />
        <Switch className="switch" isSelected={jit} onChange={edit(setJit)}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Create members at their first sign-in
        </Switch>
        {jit ? <SelectField label="Role of members created at sign-in" name="defaultRole" value={role} onChange={edit(setRole)} options={ROLES} /> : null}
        <Switch className="switch" isSelected={required} onChange={edit(setRequired)}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Require single sign-on
        </Switch>
        <p className="field-hint">
          When required, members cannot sign in with a password. An admin with a second factor still can, in case the identity provider fails.
        </p>
      </SaveForm>
      {saved ? (
        <div className="actions">
          <Button className="button" isDisabled={test.pending} onPress={() => { void test.run(undefined); }}>Test connection</Button>
          <Button className="button" isDisabled={remove.pending} onPress={async () => {
            setMessage(null);
            if (await remove.run(undefined)) reload();
          }}>Remove single sign-on</Button>
        </div>
      ) : null}
      {result ? (result.ok ? <Success><p>{result.message}</p></Success> : <p className="notice notice-error" role="alert">{result.message}</p>) : null}
      {test.error ? <ErrorNotice error={test.error} /> : null}
      {remove.error ? <ErrorNotice error={remove.error} /> : null}
    </section>
  );
}
