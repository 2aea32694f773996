// Compliance Configuration › API credentials: pull-API clients (client credentials grant). Create with a
// name, a scope checklist and an optional expiry (the secret shown once), list with last use and who
// created them (marked when that member was removed), rotate the secret (the previous one works until
// retired), and Revoke.
import { useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { graphql } from '../../gql';
import type { ApiClientsQuery } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { DEFAULT_SCOPES, SCOPES } from './scopes';
import { Check, CheckGroup } from '../../ui/check';
import { ConfirmButton } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SecretOnce, useFieldErrors, Success, When, useLastData } from './ui';

const ClientsQuery = graphql(`
  query ApiClients {
    apiClients {
      clientId
      name
      scopes
      createdAt
      lastUsedAt
      expiresAt
      previousSecretExpiresAt
      createdByRemovedMember
      createdBy {
        email
      }
    }
  }
`);

const RotateSecret = graphql(`
  mutation RotateApiClientSecret($clientId: ID!) {
    rotateApiClientSecret(clientId: $clientId) {
      clientId
      clientSecret
      previousSecretExpiresAt
    }
  }
`);

const RetirePrevious = graphql(`
  mutation RetirePreviousApiClientSecret($clientId: ID!) {
    retirePreviousApiClientSecret(clientId: $clientId)
  }
`);

const CreateClient = graphql(`
  mutation CreateApiClient($input: CreateApiClientInput!) {
    createApiClient(input: $input) {
      clientId
      clientSecret
      scopes
    }
  }
`);

const RevokeClient = graphql(`
  mutation RevokeApiClient($clientId: ID!) {
    revokeApiClient(clientId: $clientId)
  }
`);

type Client = ApiClientsQuery['apiClients'][number];

const load = () => execute(ClientsQuery);

export function CredentialsPage() {
  const onError = useSignInOnUnauthenticated();
  const list = useRequest(load, 'api-clients', onError);
  const data = useLastData(list);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; clientId: string; clientSecret: string; rotated?: boolean } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <Page title="API credentials" area="Compliance configuration" lead="Client credentials for the pull API (POST /v1/oauth/token), one set per system that reads or creates cases.">
      {created ? (
        <SecretOnce
          title={created.rotated ? `New secret: ${created.name}` : `Credentials created: ${created.name}`}
          items={[{ label: 'Client ID', value: created.clientId }, { label: 'Client secret', value: created.clientSecret, secret: true }]}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {message ? <Success><p>{message}</p></Success> : null}
      {creating ? (
        <CreateClientForm
          onCancel={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setMessage(null);
            setCreated(c);
            list.reload();
          }}
        />
      ) : (
        <p className="toolbar">
          <Button className="button button-primary" onPress={() => { setMessage(null); setCreating(true); }}>Create credentials</Button>
        </p>
      )}
      <h2>Credentials in use</h2>
      {!data && list.status === 'loading' ? <Loading label="Loading credentials…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {data && data.apiClients.length === 0 ? <p className="empty">No credentials yet.</p> : null}
      {data && data.apiClients.length ? (
        <div className="table-wrap">
          <Table aria-label="API credentials" className="table">
            <TableHeader>
              <Column isRowHeader>Name</Column>
              <Column>Client ID</Column>
              <Column>Scopes</Column>
              <Column>Created</Column>
              <Column>Last used</Column>
              <Column>Expires</Column>
              <Column>Actions</Column>
            </TableHeader>
            <TableBody items={data.apiClients}>
              {(c) => (
                <Row id={c.clientId}>
                  <Cell>
                    {c.name}
                    {c.createdByRemovedMember ? (
                      <span className="badge badge-warn badge-block" title={`Created by ${c.createdBy?.email ?? 'a member'}, who has since been removed`}>Created by a removed member</span>
                    ) : null}
                  </Cell>
                  <Cell><code>{c.clientId}</code></Cell>
                  <Cell>{c.scopes.join(' ')}</Cell>
                  <Cell><When at={c.createdAt} /></Cell>
                  <Cell><When at={c.lastUsedAt} /></Cell>
                  <Cell><When at={c.expiresAt} never="Never" /></Cell>
                  <Cell>
                    <div className="actions actions-tight">
                      <RotateButton client={c} onRotated={(secret) => { setMessage(null); setCreated({ name: c.name, clientId: c.clientId, clientSecret: secret, rotated: true }); list.reload(); }} />
                      {c.previousSecretExpiresAt ? (
                        <RetireButton client={c} onRetired={() => { setCreated(null); setMessage(`Retired the previous secret of ${c.name}: only the new one works now.`); list.reload(); }} />
                      ) : null}
                      <RevokeButton client={c} onRevoked={() => { setCreated(null); setMessage(`Revoked ${c.name}: its tokens stop working from their next call.`); list.reload(); }} />
                    </div>
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </Page>
  );
}

function RotateButton({ client, onRotated }: { client: Client; onRotated: (secret: string) => void }) {
  const rotate = useAction(() => execute(RotateSecret, { clientId: client.clientId }), useSignInOnUnauthenticated());
  return (
    <ConfirmButton
      label="Rotate secret"
      title={`Rotate the secret of ${client.name}?`}
      confirmLabel="Rotate secret"
      error={rotate.error}
      pending={rotate.pending}
      onConfirm={async () => {
        const done = await rotate.run(undefined);
        if (!done) return false;
        onRotated(done.rotateApiClientSecret.clientSecret);
        return true;
      }}
    >
      <p>A new secret is shown once. The current one keeps working for 7 days, or until you retire it, so the system can switch without downtime.</p>
    </ConfirmButton>
  );
}

function RetireButton({ client, onRetired }: { client: Client; onRetired: () => void }) {
  const retire = useAction(() => execute(RetirePrevious, { clientId: client.clientId }), useSignInOnUnauthenticated());
  return (
    <ConfirmButton
      label="Retire previous secret"
      title={`Retire the previous secret of ${client.name}?`}
      confirmLabel="Retire previous secret"
      error={retire.error}
      pending={retire.pending}
      onConfirm={async () => {
        if (!(await retire.run(undefined))) return false;
        onRetired();
        return true;
      }}
    >
      <p>The secret from before the last rotation stops working now; the new one goes on.</p>
    </ConfirmButton>
  );
}

function RevokeButton({ client, onRevoked }: { client: Client; onRevoked: () => void }) {
  const revoke = useAction(() => execute(RevokeClient, { clientId: client.clientId }), useSignInOnUnauthenticated());
  return (
    <ConfirmButton
      label="Revoke"
      title={`Revoke ${client.name}?`}
      confirmLabel="Revoke credentials"
      error={revoke.error}
      pending={revoke.pending}
      onConfirm={async () => {
        if (!(await revoke.run(undefined))) return false;
        onRevoked();
        return true;
      }}
    >
      <p>Every token of <code>{client.clientId}</code> stops working from its next call, and it cannot get new ones. This cannot be undone.</p>
    </ConfirmButton>
  );
}

function CreateClientForm({ onCreated, onCancel }: { onCreated: (c: { name: string; clientId: string; clientSecret: string }) => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(DEFAULT_SCOPES);
  const [expires, setExpires] = useState('');
  const save = useAction((input: { name: string; scopes: string[]; expiresAt: string | null }) => execute(CreateClient, { input }), useSignInOnUnauthenticated());
  const { fieldErrors, notice } = useFieldErrors(save.error, ['name', 'scopes', 'expiresAt']);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The end of the chosen day, UTC.
    const expiresAt = expires ? `${expires}T23:59:59.999Z` : null;
    const done = await save.run({ name: name.trim(), scopes: SCOPES.map((s) => s.scope).filter((s) => scopes.includes(s)), expiresAt });
    if (done) onCreated({ name: name.trim(), clientId: done.createApiClient.clientId, clientSecret: done.createApiClient.clientSecret });
  }
  return (
    <section className="panel" aria-labelledby="create-client-title">
      <h2 id="create-client-title">Create credentials</h2>
      <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Name" name="name" isRequired value={name} onChange={setName} hint="The system these are for, such as your CRM." autoFocus />
        <CheckGroup label="Scopes" name="scopes" value={scopes} onChange={setScopes} description="What the credentials may do. Choose only what the system needs. read:full_case, webhooks:read, webhooks:write and screening:write need a compliance admin.">
          {SCOPES.map((s) => (
            <Check key={s.scope} value={s.scope} description={s.description}>{s.scope}</Check>
          ))}
        </CheckGroup>
        <Field label="Expires on (optional)" name="expiresAt" type="date" value={expires} onChange={setExpires} hint="They stop working at the end of that day (UTC). Leave empty for no expiry." />
        {notice ? <ErrorNotice error={notice} /> : null}
        <div className="actions">
          <Button className="button button-primary" type="submit" isDisabled={save.pending || scopes.length === 0}>Create credentials</Button>
          <Button className="button" onPress={onCancel}>Cancel</Button>
        </div>
      </Form>
    </section>
  );
}
