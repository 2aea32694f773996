// Compliance Configuration › Members: everyone in the organisation; an admin invites, changes roles, removes, and
// reactivates members suspended for inactivity.
import { useState, type FormEvent } from 'react';
import { Button, Cell, Column, Form, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { graphql } from '../../gql';
import type { MembersQuery, Role } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Page } from '../../ui/page';
import { ErrorNotice, Loading } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import { ConfirmButton, DialogButton } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { useFieldErrors, Success, When, useLastData } from './ui';
import { ROLE_LABELS, ROLE_ORDER } from '../session';
import { useSettings } from './viewer';

const MembersList = graphql(`
  query Members {
    members {
      id
      email
      name
      role
      createdAt
      lastSignInAt
      suspendedAt
    }
  }
`);

const Invite = graphql(`
  mutation InviteMember($email: String!, $name: String!, $role: Role!) {
    inviteMember(email: $email, name: $name, role: $role) {
      id
      email
      role
    }
  }
`);

const ChangeRole = graphql(`
  mutation ChangeMemberRole($memberId: ID!, $role: Role!) {
    changeMemberRole(memberId: $memberId, role: $role) {
      id
      role
    }
  }
`);

const Reactivate = graphql(`
  mutation ReactivateMember($userId: ID!) {
    reactivateMember(userId: $userId) { id suspendedAt }
  }
`);

const Remove = graphql(`
  mutation RemoveMember($memberId: ID!) {
    removeMember(memberId: $memberId)
  }
`);

type Member = MembersQuery['members'][number];

const ROLE_OPTIONS = ROLE_ORDER.map((r) => ({ id: r, label: ROLE_LABELS[r] }));

const load = () => execute(MembersList);

export function MembersPage() {
  const { viewer } = useSettings();
  const list = useRequest(load, 'members', useSignInOnUnauthenticated());
  const data = useLastData(list);
  const mayManage = viewer.viewerCan.manageMembers;
  const [inviting, setInviting] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const done = (text: string) => {
    setMessage(text);
    list.reload();
  };

  return (
    <Page title="Members" area="Compliance configuration" lead={mayManage ? 'The people who sign in to this console, and their roles.' : 'The people who sign in to this console. An admin manages them.'}>
      {message ? <Success><p>{message}</p></Success> : null}
      {mayManage ? (
        inviting ? (
          <InviteForm onCancel={() => setInviting(false)} onInvited={(email) => { setInviting(false); done(`Invitation sent to ${email}. The link works once, for 7 days.`); }} />
        ) : (
          <p className="toolbar">
            <Button className="button button-primary" onPress={() => { setMessage(null); setInviting(true); }}>Invite member</Button>
          </p>
        )
      ) : null}
      {!data && list.status === 'loading' ? <Loading label="Loading members…" /> : null}
      {list.status === 'error' ? <ErrorNotice error={list.error} onRetry={list.reload} /> : null}
      {data && data.members.length === 0 ? <p className="empty">No members.</p> : null}
      {data && data.members.length ? (
        <div className="table-wrap">
          <Table aria-label="Members" className="table">
            <TableHeader>
              <Column isRowHeader>Name</Column>
              <Column>Email</Column>
              <Column>Role</Column>
              <Column>Member since</Column>
              <Column>Last sign-in</Column>
              <Column>Status</Column>
              {mayManage ? <Column>Actions</Column> : null}
            </TableHeader>
            <TableBody items={data.members} dependencies={[mayManage, viewer.id]}>
              {(m) => (
                <Row id={m.id}>
                  <Cell>{m.name ?? '—'}{m.id === viewer.id ? ' (you)' : ''}</Cell>
                  <Cell>{m.email}</Cell>
                  <Cell>{ROLE_LABELS[m.role]}</Cell>
                  <Cell><When at={m.createdAt} /></Cell>
                  <Cell><When at={m.lastSignInAt} never="None recorded" /></Cell>
                  <Cell>{m.suspendedAt ? <span>Suspended (inactive) since <When at={m.suspendedAt} /></span> : 'Active'}</Cell>
                  {mayManage ? (
                    <Cell>
                      {m.id === viewer.id ? <span className="muted">—</span> : <MemberActions member={m} onDone={done} />}
                    </Cell>
                  ) : null}
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </Page>
  );
}

function MemberActions({ member, onDone }: { member: Member; onDone: (message: string) => void }) {
  const onError = useSignInOnUnauthenticated();
  const remove = useAction(() => execute(Remove, { memberId: member.id }), onError);
  const reactivate = useAction(() => execute(Reactivate, { userId: member.id }), onError);
  const who = member.name ?? member.email;
  return (
    <div className="actions actions-tight">
      {member.suspendedAt ? (
        <Button className="button" isDisabled={reactivate.pending} onPress={async () => {
          if (await reactivate.run(undefined)) onDone(`${who} was reactivated and can sign in again.`);
        }}>Reactivate</Button>
      ) : null}
      {reactivate.error ? <ErrorNotice error={reactivate.error} /> : null}
      <DialogButton label="Change role" title={`Change the role of ${who}`}>
        {(close) => <ChangeRoleForm member={member} onCancel={close} onChanged={(role) => { close(); onDone(`${who} is now ${ROLE_LABELS[role]}. Their sessions have ended; they sign in again.`); }} />}
      </DialogButton>
      <ConfirmButton
        label="Remove"
        title={`Remove ${who}?`}
        confirmLabel="Remove member"
        error={remove.error}
        pending={remove.pending}
        onConfirm={async () => {
          if (!(await remove.run(undefined))) return false;
          onDone(`${who} was removed.`);
          return true;
        }}
      >
        <p>Their sessions end, their connected apps are disconnected and the cases they own lose their owner. Their email stays taken.</p>
      </ConfirmButton>
    </div>
  );
}

function ChangeRoleForm({ member, onChanged, onCancel }: { member: Member; onChanged: (role: Role) => void; onCancel: () => void }) {
  const [role, setRole] = useState<Role>(member.role);
  const save = useAction((r: Role) => execute(ChangeRole, { memberId: member.id, role: r }), useSignInOnUnauthenticated());
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await save.run(role);
    if (done) onChanged(done.changeMemberRole.role);
  }
  return (
    <Form className="form" onSubmit={submit}>
      <SelectField label="Role" name="role" value={role} onChange={(v) => setRole(v as Role)} options={ROLE_OPTIONS} />
      <p className="muted">Changing the role ends all of their sessions at once.</p>
      {save.error ? <ErrorNotice error={save.error} /> : null}
      <div className="actions">
        <Button className="button" onPress={onCancel}>Cancel</Button>
        <Button className="button button-primary" type="submit" isDisabled={save.pending}>Save role</Button>
      </div>
    </Form>
  );
}

function InviteForm({ onInvited, onCancel }: { onInvited: (email: string) => void; onCancel: () => void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('analyst');
  const save = useAction((v: { email: string; name: string; role: Role }) => execute(Invite, v), useSignInOnUnauthenticated());
  const { fieldErrors, notice } = useFieldErrors(save.error, ['email', 'name', 'role']);
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const done = await save.run({ email: email.trim(), name: name.trim(), role });
    if (done) onInvited(done.inviteMember.email);
  }
  return (
    <section className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite member</h2>
      <Form className="form" onSubmit={submit} validationErrors={fieldErrors}>
        <Field label="Email" name="email" type="email" isRequired value={email} onChange={setEmail} autoFocus />
        <Field label="Name" name="name" isRequired value={name} onChange={setName} />
        <SelectField label="Role" name="role" value={role} onChange={(v) => setRole(v as Role)} options={ROLE_OPTIONS} />
        {notice ? <ErrorNotice error={notice} /> : null}
        <div className="actions">
          <Button className="button button-primary" type="submit" isDisabled={save.pending}>Send invitation</Button>
          <Button className="button" onPress={onCancel}>Cancel</Button>
        </div>
      </Form>
    </section>
  );
}
