// The case page's EDD and Outreach sections (issue 16): the EDD requirements (derived from the risk band and
// the policy, plus the analysts' own) with a status and note control each and their history; emailing the
// customer for evidence or documents; what was asked, what arrived, and the reminders. Buttons are disabled
// while their request runs rather than given React Aria's `isPending` (see ui/dialog.tsx: a pending button that
// then goes away, as a requirement's Save does when the list reloads, leaves an unnamed live-region node).
import { useState, type FormEvent } from 'react';
import { Button, Form } from 'react-aria-components';
import type { ConsoleCaseEddQuery, EddStatus } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction, useRequest } from '../../lib/use-request';
import { Check, CheckGroup } from '../../ui/check';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice, Loading } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import type { CaseViewerCanFieldsFragment } from '../../gql/graphql';
import { CaseEddQuery, RequestEddEvidenceMutation, SendOutreachMutation, SetEddRequirementMutation } from './case-edd-query';
import { when, words } from './labels';

type CaseEdd = NonNullable<ConsoleCaseEddQuery['case']>;
type Requirement = CaseEdd['edd']['requirements'][number];

const STATUS_OPTIONS: { id: EddStatus; label: string }[] = [
  { id: 'outstanding', label: 'Outstanding' },
  { id: 'received', label: 'Received' },
  { id: 'waived', label: 'Waived' },
];
const statusBadge = (s: string) => (s === 'received' ? 'badge badge-ok' : s === 'waived' ? 'badge badge-neutral' : 'badge badge-warn');
const CLOSED = ['approved', 'declined'];

/** A label as a key: "Bank statement (3 months)" -> "bank_statement_3_months". */
export const slugOf = (label: string) => label.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);

export function EddOutreachSections({ caseId, can, version }: { caseId: string; can: CaseViewerCanFieldsFragment; version: number }) {
  const onError = useSignInOnUnauthenticated();
  const [mine, setMine] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const data = useRequest(() => execute(CaseEddQuery, { caseId }), `${caseId}|${version}|${mine}`, onError);
  const [shown, setShown] = useState<CaseEdd | null>(null);
  if (data.status === 'done' && data.data.case && shown !== data.data.case) setShown(data.data.case);
  const done = (message: string) => {
    setNotice(message);
    setMine((v) => v + 1);
  };
  if (data.status === 'error') return <ErrorNotice error={data.error} onRetry={data.reload} />;
  const c = shown?.caseId === caseId ? shown : null;
  if (!c) return <Loading label="Loading EDD and outreach…" />;
  const open = !CLOSED.includes(c.status);
  return (
    <>
      <div role="status" aria-live="polite">{notice ? <p className="notice notice-ok">{notice}</p> : null}</div>
      <section className="case-section" aria-labelledby="edd-title">
        <h2 id="edd-title">EDD</h2>
        {c.edd.requirements.length === 0 ? <p className="empty">No EDD requirements: the risk band asks for none, and none were added.</p> : (
          <ul className="plain-list edd-list" aria-label="EDD requirements">
            {c.edd.requirements.map((r) => <RequirementItem key={`${r.reqKey}|${r.updatedAt}`} caseId={caseId} r={r} mayChange={can.setEddRequirement} onDone={done} />)}
          </ul>
        )}
        {can.setEddRequirement ? <AddRequirement caseId={caseId} onDone={done} /> : null}
        {can.requestEddEvidence && open && c.customerEmail ? <RequestEvidence caseId={caseId} requirements={c.edd.requirements} email={c.customerEmail} onDone={done} /> : null}
        <h3 className="section-subtitle" id="edd-history-title">History</h3>
        {c.edd.history.length === 0 ? <p className="empty">No changes yet.</p> : (
          <ol className="plain-list" aria-labelledby="edd-history-title">
            {[...c.edd.history].reverse().map((h, i) => (
              <li key={`${h.changedAt}|${h.reqKey}|${i}`}>
                {when(h.changedAt)} · <strong>{h.label}</strong>: {h.previousStatus ? `${words(h.previousStatus)} → ` : 'added, '}{words(h.status)} by {h.updatedBy}
                {h.note ? ` · “${h.note}”` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="case-section" aria-labelledby="outreach-title">
        <h2 id="outreach-title">Outreach</h2>
        <h3 className="section-subtitle" id="requested-title">Requested from the customer</h3>
        {c.requests.items.length === 0 ? <p className="empty">Nothing requested by email yet.</p> : (
          <ul className="plain-list" aria-labelledby="requested-title">
            {c.requests.items.map((i) => (
              <li key={i.ref}>
                <strong>{i.label}</strong> · {i.source === 'edd' ? 'EDD' : 'Document'} · <span className={statusBadge(i.status)}>{words(i.status)}</span> · asked {when(i.requestedAt)}
              </li>
            ))}
          </ul>
        )}
        {c.requests.reminders ? <Reminders r={c.requests.reminders} /> : null}
        <h3 className="section-subtitle" id="emails-title">Emails to the customer</h3>
        {c.customerEmails.length === 0 ? <p className="empty">No requests or reminders emailed yet (the invitation to the application is not listed here).</p> : (
          <ul className="plain-list" aria-labelledby="emails-title">
            {c.customerEmails.map((m) => (
              <li key={m.id}>
                <strong>{m.subject}</strong> · {words(m.kind)} to {m.recipientEmail} ·{' '}
                <span className={m.state === 'sent' ? 'badge badge-ok' : m.state === 'failed' ? 'badge badge-bad' : 'badge badge-warn'}>{words(m.state)}</span>{' '}
                {m.sentAt ? when(m.sentAt) : `queued ${when(m.createdAt)}`}
                {m.lastError && m.state !== 'sent' ? <span className="muted"> · {m.lastError}</span> : null}
              </li>
            ))}
          </ul>
        )}
        {can.sendOutreach && open && c.customerEmail ? <RequestDocuments caseId={caseId} email={c.customerEmail} onDone={done} /> : null}
      </section>
    </>
  );
}

function Reminders({ r }: { r: NonNullable<CaseEdd['requests']['reminders']> }) {
  const state = r.unsubscribed ? 'The customer unsubscribed from reminders.'
    : r.nextDueAt ? `Next reminder ${when(r.nextDueAt)}.`
      : r.stoppedReason ? `Reminders stopped (${words(r.stoppedReason)}).` : 'No reminder scheduled.';
  return <p data-testid="reminder-state">Reminders to {r.recipientEmail}: {r.remindersSent} sent. {state}</p>;
}

/** One requirement: its status and note, and (for members who may change it) a control to change them. */
function RequirementItem({ caseId, r, mayChange, onDone }: { caseId: string; r: Requirement; mayChange: boolean; onDone: (m: string) => void }) {
  const [status, setStatus] = useState<EddStatus>(r.status);
  const [note, setNote] = useState(r.note);
  const action = useAction(() => execute(SetEddRequirementMutation, { caseId, reqKey: r.reqKey, status, note }), useSignInOnUnauthenticated());
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['note', 'status']);
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await action.run(undefined)) onDone(`${r.label}: saved.`);
  };
  return (
    <li className="edd-item">
      <div>
        <strong>{r.label}</strong> <span className="muted">({r.reqKey}{r.source === 'analyst' ? ', added by an analyst' : ''})</span>{' '}
        <span className={statusBadge(r.status)}>{words(r.status)}</span>
        {r.requestedAt ? <span className="muted"> · requested {when(r.requestedAt)}</span> : null}
        <span className="muted"> · {when(r.updatedAt)} by {r.updatedBy}</span>
      </div>
      {r.note && !mayChange ? <p>{r.note}</p> : null}
      {mayChange ? (
        <Form className="form form-inline" onSubmit={save} validationErrors={fieldErrors} aria-label={`Update ${r.label}`}>
          <SelectField label={`Status of ${r.label}`} name="status" value={status} onChange={(v) => { setStatus(v as EddStatus); edited('status'); }} options={STATUS_OPTIONS} />
          <Field label={`Note on ${r.label}`} name="note" value={note} onChange={(v) => { setNote(v); edited('note'); }} />
          <Button type="submit" className="button" isDisabled={action.pending || (status === r.status && note === r.note)}>Save</Button>
          {rest ? <ErrorNotice error={rest} /> : null}
        </Form>
      ) : null}
    </li>
  );
}

function AddRequirement({ caseId, onDone }: { caseId: string; onDone: (m: string) => void }) {
  const [label, setLabel] = useState('');
  const action = useAction(
    () => execute(SetEddRequirementMutation, { caseId, reqKey: slugOf(label) || 'item', status: 'outstanding' as EddStatus, label }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, ['label', 'reqKey']);
  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (await action.run(undefined)) {
      onDone(`${label.trim()}: added as outstanding.`);
      setLabel('');
    }
  };
  return (
    <Form className="form form-inline" onSubmit={add} validationErrors={fieldErrors} aria-label="Add an EDD requirement">
      <Field label="New requirement" name="label" value={label} onChange={(v) => { setLabel(v); edited('label'); edited('reqKey'); }} hint="Its key is made from the label." isRequired />
      <Button type="submit" className="button" isDisabled={action.pending}>Add requirement</Button>
      {fieldErrors.reqKey ? <p className="field-error">{fieldErrors.reqKey}</p> : null}
      {rest ? <ErrorNotice error={rest} /> : null}
    </Form>
  );
}

function RequestEvidence({ caseId, requirements, email, onDone }: { caseId: string; requirements: Requirement[]; email: string; onDone: (m: string) => void }) {
  const outstanding = requirements.filter((r) => r.status === 'outstanding');
  const [chosen, setChosen] = useState<string[]>([]);
  const action = useAction(() => execute(RequestEddEvidenceMutation, { caseId, items: chosen }), useSignInOnUnauthenticated());
  if (!outstanding.length) return null;
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = await action.run(undefined);
    if (result) {
      onDone(`Evidence request emailed to ${result.requestEddEvidence.recipientEmail}.`);
      setChosen([]);
    }
  };
  return (
    <Form className="form" onSubmit={send} aria-label="Request evidence by email">
      <CheckGroup label="Request evidence by email" name="items" value={chosen} onChange={setChosen} description={`The customer (${email}) gets a link to upload against each item.`}>
        {outstanding.map((r) => <Check key={r.reqKey} value={r.reqKey}>{r.label}</Check>)}
      </CheckGroup>
      <Button type="submit" className="button button-primary" isDisabled={action.pending || chosen.length === 0}>Email the request</Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </Form>
  );
}

function RequestDocuments({ caseId, email, onDone }: { caseId: string; email: string; onDone: (m: string) => void }) {
  const [text, setText] = useState('');
  const labels = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const action = useAction(
    () => execute(SendOutreachMutation, { caseId, kind: 'document_request', items: labels.map((label) => ({ key: slugOf(label) || 'item', label })) }),
    useSignInOnUnauthenticated(),
  );
  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = await action.run(undefined);
    if (result) {
      onDone(`Document request emailed to ${result.sendOutreach.recipientEmail}.`);
      setText('');
    }
  };
  return (
    <Form className="form" onSubmit={send} aria-label="Document request">
      <Field multiline label="Request documents by email" name="items" value={text} onChange={setText} hint={`One document per line; ${email} gets a link to upload each.`} />
      <Button type="submit" className="button" isDisabled={action.pending || labels.length === 0}>Email the document request</Button>
      {action.error ? <ErrorNotice error={action.error} /> : null}
    </Form>
  );
}
