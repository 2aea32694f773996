import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Form } from 'react-aria-components';
import { graphql } from '../../gql';
import type { BulkCaseResult } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DialogButton } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice } from '../../ui/status';
import { useSignInOnUnauthenticated } from '../require-member';
import '../../styles/case-bulk.css';

/** What both bulk actions answer: the counts and a result per case. */
graphql(`
  fragment BulkCasesAnswerFields on BulkCasesAnswer {
    changed
    unchanged
    refused
    results {
      caseId
      outcome
      reason
      message
    }
  }
`);

const BulkAssignMutation = graphql(`
  mutation ConsoleBulkAssignCases($caseIds: [String!]!, $ownerId: ID) {
    bulkAssignCases(caseIds: $caseIds, ownerId: $ownerId) {
      ...BulkCasesAnswerFields
    }
  }
`);

const BulkTagMutation = graphql(`
  mutation ConsoleBulkTagCases($caseIds: [String!]!, $add: [String!], $remove: [String!]) {
    bulkTagCases(caseIds: $caseIds, add: $add, remove: $remove) {
      ...BulkCasesAnswerFields
    }
  }
`);

type Answer = { changed: number; unchanged: number; refused: number; results: Pick<BulkCaseResult, 'caseId' | 'outcome' | 'reason' | 'message'>[] };
type Member = { id: string; name?: string | null; email: string };

const cases = (n: number) => (n === 1 ? '1 case' : `${n} cases`);
const tagsOf = (text: string) => text.split(',').map((t) => t.trim()).filter(Boolean);

/** The result of a bulk action in words: what changed, what already was so, and each refusal with its case. */
function summary(answer: Answer, did: string, already: string): { text: string; refusals: string[] } {
  const parts = [];
  if (answer.changed) parts.push(`${cases(answer.changed)} ${did}`);
  if (answer.unchanged) parts.push(`${cases(answer.unchanged)} ${already}`);
  if (answer.refused) parts.push(`${cases(answer.refused)} refused`);
  const refusals = answer.results.filter((r) => r.outcome === 'refused').map((r) => `${r.caseId}: ${r.message ?? r.reason ?? 'refused'}`);
  return { text: `${parts.join('; ')}.`, refusals };
}

/** The select-all checkbox's and each row's checkbox (React Aria Table selection: Space toggles, the header's selects the page). */
export function SelectionCheckbox() {
  return (
    <Checkbox slot="selection" className="check select-checkbox">
      <span className="check-box" aria-hidden="true" />
    </Checkbox>
  );
}

/**
 * The toolbar of the case list's selection: how many are selected, Assign to…, Tag…, Export selected and
 * Clear selection; the outcome of an action in a polite live region (and each refused case by id).
 */
export function CaseBulkActions({ selected, members, onChanged, onClear }: {
  selected: readonly string[]; members: readonly Member[]; onChanged: () => void; onClear: () => void;
}) {
  const [said, setSaid] = useState<{ text: string; refusals: string[] } | null>(null);
  const [assignOpen, setAssignOpen] = useState(false);
  const [tagOpen, setTagOpen] = useState(false);
  const done = (s: { text: string; refusals: string[] }) => {
    setSaid(s);
    onChanged();
  };
  const exportHref = `/console/export/cases.csv?${new URLSearchParams(selected.map((id) => ['caseId', id])).toString()}`;
  return (
    <>
      {selected.length ? (
        <section className="bulk-bar" aria-label="Selected cases">
          <p className="bulk-count">{cases(selected.length)} selected</p>
          <DialogButton label="Assign to…" title={`Assign ${cases(selected.length)}`} isOpen={assignOpen} onOpenChange={setAssignOpen}>
            <AssignForm selected={selected} members={members} onCancel={() => setAssignOpen(false)} onDone={(s) => { setAssignOpen(false); done(s); }} />
          </DialogButton>
          <DialogButton label="Tag…" title={`Tag ${cases(selected.length)}`} isOpen={tagOpen} onOpenChange={setTagOpen}>
            <TagForm selected={selected} onCancel={() => setTagOpen(false)} onDone={(s) => { setTagOpen(false); done(s); }} />
          </DialogButton>
          {/* A plain link: the browser downloads the file the server streams. */}
          <a className="button" href={exportHref} download>Export selected</a>
          <Button className="button" onPress={() => { setSaid(null); onClear(); }}>Clear selection</Button>
        </section>
      ) : null}
      <div role="status" aria-live="polite" className="bulk-result">
        {said ? (
          <div className={said.refusals.length ? 'notice notice-neutral' : 'notice notice-ok'}>
            <p>{said.text}</p>
            {said.refusals.length ? <ul>{said.refusals.map((r) => <li key={r}>{r}</li>)}</ul> : null}
          </div>
        ) : null}
      </div>
    </>
  );
}

function AssignForm({ selected, members, onDone, onCancel }: {
  selected: readonly string[]; members: readonly Member[]; onDone: (s: { text: string; refusals: string[] }) => void; onCancel: () => void;
}) {
  const [owner, setOwner] = useState('');
  const action = useAction((ownerId: string | null) => execute(BulkAssignMutation, { caseIds: [...selected], ownerId }), useSignInOnUnauthenticated());
  const options = [{ id: 'none', label: 'Nobody (unassign)' }, ...members.map((m) => ({ id: m.id, label: m.name ? `${m.name} (${m.email})` : m.email }))];
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!owner) return;
    const ownerId = owner === 'none' ? null : owner;
    const who = members.find((m) => m.id === ownerId);
    const result = await action.run(ownerId);
    if (result) {
      const did = who ? `assigned to ${who.name ?? who.email}` : 'unassigned';
      onDone(summary(result.bulkAssignCases, did, who ? 'had that owner already' : 'had no owner already'));
    }
  };
  return (
    <Form className="form" onSubmit={submit}>
      <SelectField label="Owner" name="owner" value={owner} onChange={setOwner} options={options} isRequired />
      {action.error ? <ErrorNotice error={action.error} /> : null}
      <FormButtons submit="Assign" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}

function TagForm({ selected, onDone, onCancel }: { selected: readonly string[]; onDone: (s: { text: string; refusals: string[] }) => void; onCancel: () => void }) {
  const [add, setAdd] = useState('');
  const [remove, setRemove] = useState('');
  const action = useAction((i: { add: string[]; remove: string[] }) => execute(BulkTagMutation, { caseIds: [...selected], ...i }), useSignInOnUnauthenticated());
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = await action.run({ add: tagsOf(add), remove: tagsOf(remove) });
    if (result) onDone(summary(result.bulkTagCases, 'tagged', 'had those tags already'));
  };
  return (
    <Form className="form" onSubmit={submit}>
      <Field label="Add tags" name="add" value={add} onChange={setAdd} hint="Separate tags with commas." autoFocus />
      <Field label="Remove tags" name="remove" value={remove} onChange={setRemove} hint="Separate tags with commas." />
      {action.error ? <ErrorNotice error={action.error} /> : null}
      <FormButtons submit="Apply tags" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}

/**
 * Cancel and submit at the foot of a dialog's form. The submit button is disabled while the request runs rather
 * than given React Aria's `isPending` (see ui/dialog.tsx's ConfirmButton: the dialog closes on success and a
 * pending button's live-region node would be left without a name).
 */
function FormButtons({ submit, pending, onCancel }: { submit: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="dialog-buttons">
      <Button className="button" onPress={onCancel}>Cancel</Button>
      <Button className="button button-primary" type="submit" isDisabled={pending}>{submit}</Button>
    </div>
  );
}
