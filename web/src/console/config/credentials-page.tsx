// Compliance Configuration › API credentials: pull-API clients (client credentials grant). Create with a
// name and a scope checklist (the secret shown once), list, and Revoke.
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
    }
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
  const [created, setCreated] = useState<{ name: string; clientId: string; clientSecret: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  return (
    <Page title="API credentials" area="Compliance configuration" lead="Client credentials for the pull API (POST /v1/oauth/token), one set per system that reads or creates cases.">
      {created ? (
        <SecretOnce
          title={`Credentials created: ${created.name}`}
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
              <Column>Actions</Column>
            </TableHeader>
            <TableBody items={data.apiClients}>
              {(c) => (
                <Row id={c.clientId}>
                  <Cell>{c.name}</Cell>
                  <Cell><code>{c.clientId}</code></Cell>
                  <Cell>{c.scopes.join(' ')}</Cell>
                  <Cell><When at={c.createdAt} /></Cell>
                  <Cell><When at={c.lastUsedAt} /></Cell>
                  <Cell>
                    <RevokeButton client={c} onRevoked={() => { setCreated(null); setMessage(`Revoked ${c.name}: its tokens stop working from their next call.`); list.reload(); }} />
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
  const save = useAction((input: { name: string; scopes: string[] }) => execute(CreateClient, { input }), useSignInOnUnauthenticated());
  const { fieldErrors, notice } = useFieldErrors(save.error, ['name', 'scopes']);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await save.run({ name: name.trim(), scopes: SCOPES.map((s) => s.scope).filter((s) => scopes.includes(s)) });
    if (done) onCreated({ name: name.trim(), clientId: done.createApiClient.clientId, clientSecret: done.createApiClient.clientSecret });
  }
  return (
    <section className="panel" aria-labelledby="create-client-title">
      <h2 id="create-client-title">Create credentials</h2>
      <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Name" name="name" isRequired value={name} onChange={setName} hint="The system these are for, such as your CRM." autoFocus />
        <CheckGroup label="Scopes" name="scopes" value={scopes} onChange={setScopes} description="What the credentials may do. Choose only what the system needs.">
          {SCOPES.map((s) => (
            <Check key={s.scope} value={s.scope} description={s.description}>{s.scope}</Check>
          ))}
        </CheckGroup>
        {notice ? <ErrorNotice error={notice} /> : null}
        <div className="actions">
          <Button className="button button-primary" type="submit" isDisabled={save.pending || scopes.length === 0}>Create credentials</Button>
          <Button className="button" onPress={onCancel}>Cancel</Button>
        </div>
      </Form>
    </section>
  );
}
