// Organisation settings › Single sign-on (admins): the OpenID Connect connection (issuer, client id, a client secret
// that is stored encrypted and never shown again, the email domains that sign in through it), the role of members
// created at their first sign-in, "SSO only" with its one break-glass admin, the redirect URIs to register,
// "Test connection" and removal.
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
    issuer
    clientId
    emailDomains
    defaultRole
    ssoOnly
    breakGlassMemberId
    breakGlassEmail
    redirectUris
    updatedAt
  }
`);

const BreakGlassCandidates = graphql(`
  query BreakGlassCandidates {
    members {
      id
      name
      email
      role
    }
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

const FIELDS = ['issuer', 'clientId', 'clientSecret', 'emailDomains', 'defaultRole', 'breakGlassMemberId'];
const ROLES = [
  { id: 'analyst', label: 'Analyst' },
  { id: 'mlro', label: 'MLRO' },
  { id: 'compliance_admin', label: 'Compliance admin' },
];

type Saved = {
  issuer: string; clientId: string; emailDomains: string[]; defaultRole: string; ssoOnly: boolean; breakGlassMemberId: string | null; breakGlassEmail: string | null;
  redirectUris: string[];
};
const NO_ONE = 'none';

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
  const [issuer, setIssuer] = useState(saved?.issuer ?? '');
  const [clientId, setClientId] = useState(saved?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(saved?.emailDomains.join(', ') ?? '');
  const [role, setRole] = useState(saved?.defaultRole ?? 'analyst');
  const [ssoOnly, setSsoOnly] = useState(saved?.ssoOnly ?? false);
  const [breakGlass, setBreakGlass] = useState(saved?.breakGlassMemberId ?? NO_ONE);
  const candidates = useRequest(() => execute(BreakGlassCandidates), 'break-glass-candidates', onError);
  const admins = (candidates.data?.members ?? []).filter((m) => m.role === 'admin');
  const stale = saved?.breakGlassMemberId && candidates.data && !admins.some((m) => m.id === saved.breakGlassMemberId)
    ? [{ id: saved.breakGlassMemberId, label: 'A member who is no longer an admin: choose another' }] : [];
  const [message, setMessage] = useState<string | null>(null);
  const save = useAction((input: Record<string, unknown>) => execute(SetSsoConnection, { input: input as never }), onError);
  const test = useAction(() => execute(TestSsoConnection), onError);
  const remove = useAction(() => execute(RemoveSsoConnection), onError);
  const { fieldErrors, notice } = useFieldErrors(save.error, FIELDS);
  const result = test.result?.testSsoConnection;

  const domainList = domains.split(/[\s,]+/).filter(Boolean);
  const breakGlassId = breakGlass === NO_ONE ? null : breakGlass;
  const changed = saved === null
    ? Boolean(issuer || clientId || clientSecret || domains || ssoOnly || breakGlassId)
    : issuer !== saved.issuer || clientId !== saved.clientId || clientSecret !== '' || domainList.join(',') !== saved.emailDomains.join(',')
      || role !== saved.defaultRole || ssoOnly !== saved.ssoOnly || breakGlassId !== saved.breakGlassMemberId;
  const edit = <T,>(set: (v: T) => void) => (v: T) => { set(v); setMessage(null); };

  async function submit() {
    setMessage(null);
    const done = await save.run({
      issuer, clientId, clientSecret: clientSecret || null, emailDomains: domainList, defaultRole: role, ssoOnly, breakGlassMemberId: breakGlassId,
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
        <Field label="Issuer" name="issuer" type="url" isRequired value={issuer} onChange={edit(setIssuer)} hint="For example https://login.example.com. Its metadata is read from /.well-known/openid-configuration." />
        <Field label="Client ID" name="clientId" isRequired value={clientId} onChange={edit(setClientId)} />
        <Field
          label="Client secret" name="clientSecret" type="password" autoComplete="off" value={clientSecret} onChange={edit(setClientSecret)} isRequired={!saved}
          hint={saved ? 'Stored encrypted and never shown again. Leave blank to keep it.' : 'Stored encrypted and never shown again.'}
        />
        <Field label="Email domains" name="emailDomains" isRequired value={domains} onChange={edit(setDomains)} hint="Separated by commas, for example example.com, example.co.uk." />
        <SelectField label="Role of members created at their first sign-in" name="defaultRole" value={role} onChange={edit(setRole)} options={ROLES} />
        <Switch className="switch" isSelected={ssoOnly} onChange={edit(setSsoOnly)}>
          <span className="switch-track" aria-hidden="true"><span className="switch-thumb" /></span>
          Single sign-on only
        </Switch>
        <p className="field-hint">
          When on, members cannot sign in with a password, except the break-glass admin below, in case the identity provider fails.
        </p>
        {candidates.status === 'error' ? <ErrorNotice error={candidates.error} onRetry={candidates.reload} /> : null}
        <SelectField
          label="Break-glass admin" name="breakGlassMemberId" value={breakGlass} onChange={edit(setBreakGlass)}
          options={[{ id: NO_ONE, label: 'No one' }, ...stale, ...admins.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email }))]}
        />
        <p className="field-hint">The one admin who keeps password sign-in while single sign-on only is on. Give them a second factor.</p>
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
