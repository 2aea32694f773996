// The compliance admin's queue form: each queue's name, how it assigns (mode, capacity), its members (check
// boxes) and its conditions as rows of "fact operator value" that must all hold, in the rules language of
// decision policies; none is a catch-all. Conditions the API stored in another shape are kept as they are.
import { useState } from 'react';
import { Button, Form } from 'react-aria-components';
import type { AssignmentMode } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { Check, CheckGroup } from '../../ui/check';
import { Field } from '../../ui/field';
import { SelectField, type Option } from '../../ui/select-field';
import { ErrorNotice } from '../../ui/status';
import { problemsToFix } from '../config/problems';
import { SetQueuesMutation } from './queues-query';

export const FACTS: Option[] = [
  { id: 'status', label: 'Status' }, { id: 'stage', label: 'Stage' }, { id: 'reviewLevel', label: 'Review level' }, { id: 'band', label: 'Risk band' },
  { id: 'country', label: 'Country' }, { id: 'source', label: 'Source' }, { id: 'crmSource', label: 'CRM source' }, { id: 'ageHours', label: 'Age (hours)' },
];
const OPERATORS: Option[] = [
  { id: 'equal', label: 'is' }, { id: 'notEqual', label: 'is not' }, { id: 'in', label: 'is one of' }, { id: 'notIn', label: 'is none of' },
  { id: 'lessThan', label: 'is less than' }, { id: 'greaterThanInclusive', label: 'is at least' },
];
export const MODES: Option[] = [
  { id: 'manual', label: 'Manual (Next case)' }, { id: 'round_robin', label: 'Round robin' }, { id: 'least_loaded', label: 'Least loaded' },
];

interface Row { fact: string; operator: string; value: string }
export interface Draft { key: number; name: string; mode: AssignmentMode; capacity: string; memberIds: string[]; rows: Row[]; kept: unknown }
export interface StoredQueue { name: string; conditions?: unknown; assignment: { mode: AssignmentMode; capacity?: number | null }; members: { memberId: string }[] }

let keys = 0;

/** A stored queue as form rows: `all` of plain conditions becomes rows; any other shape is kept untouched. */
export function draftOf(q: StoredQueue): Draft {
  const c = q.conditions as { all?: { fact?: string; operator?: string; value?: unknown }[] } | null | undefined;
  const plain = c?.all?.every((n) => typeof n.fact === 'string' && typeof n.operator === 'string');
  const rows = plain ? c!.all!.map((n) => ({ fact: n.fact!, operator: n.operator!, value: Array.isArray(n.value) ? n.value.join(', ') : String(n.value ?? '') })) : [];
  return {
    key: ++keys, name: q.name, mode: q.assignment.mode, capacity: q.assignment.capacity == null ? '' : String(q.assignment.capacity),
    memberIds: q.members.map((m) => m.memberId), rows, kept: c && !plain ? c : null,
  };
}

const valueOf = (r: Row): unknown => {
  if (r.operator === 'in' || r.operator === 'notIn') return r.value.split(',').map((v) => v.trim()).filter(Boolean);
  if (r.fact === 'ageHours' || r.operator === 'lessThan' || r.operator === 'greaterThanInclusive') return Number(r.value);
  return r.value.trim();
};

const inputOf = (d: Draft) => ({
  name: d.name,
  conditions: (d.kept ?? (d.rows.length ? { all: d.rows.map((r) => ({ fact: r.fact, operator: r.operator, value: valueOf(r) })) } : null)) as Record<string, unknown> | null,
  memberIds: d.memberIds,
  assignment: { mode: d.mode, capacity: d.capacity.trim() === '' ? null : Number(d.capacity) },
});

/** The form over every queue; saving replaces the organisation's queues (setQueues). */
export function QueueEditor({ queues, members, onSaved }: { queues: StoredQueue[]; members: { id: string; name?: string | null; email: string }[]; onSaved: () => void }) {
  const [drafts, setDrafts] = useState<Draft[]>(() => queues.map(draftOf));
  const save = useAction((input: ReturnType<typeof inputOf>[]) => execute(SetQueuesMutation, { input }));
  const update = (key: number, change: Partial<Draft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const error = problemsToFix(save.error, 'The queues were not saved');
  return (
    <Form
      className="queue-editor"
      onSubmit={async (e) => {
        e.preventDefault();
        if (await save.run(drafts.map(inputOf))) onSaved();
      }}
    >
      {drafts.map((d, i) => (
        <fieldset key={d.key} className="queue-draft">
          <legend>Queue {i + 1}{d.name ? `: ${d.name}` : ''}</legend>
          <Field label="Name" value={d.name} onChange={(name) => update(d.key, { name })} isRequired />
          <SelectField label="Assignment" value={d.mode} onChange={(mode) => update(d.key, { mode: mode as AssignmentMode })} options={MODES} />
          <Field label="Capacity" hint="Open cases a member may own before automatic assignment passes them over." inputMode="numeric" value={d.capacity} onChange={(capacity) => update(d.key, { capacity })} />
          <CheckGroup label="Members" name={`members-${d.key}`} value={d.memberIds} onChange={(memberIds) => update(d.key, { memberIds })}>
            {members.map((m) => <Check key={m.id} value={m.id}>{m.name ?? m.email}</Check>)}
          </CheckGroup>
          <div className="queue-conditions" role="group" aria-label={`Conditions of queue ${i + 1}`}>
            <p className="group-label">Conditions (all must hold; none: every open case)</p>
            {d.kept ? <p className="muted">Conditions set through the API are kept as they are.</p> : null}
            {d.rows.map((r, j) => (
              <div key={j} className="condition-row">
                <SelectField label={`Fact ${j + 1}`} value={r.fact} options={FACTS} onChange={(fact) => update(d.key, { rows: d.rows.map((x, k) => (k === j ? { ...x, fact } : x)) })} />
                <SelectField label={`Operator ${j + 1}`} value={r.operator} options={OPERATORS} onChange={(operator) => update(d.key, { rows: d.rows.map((x, k) => (k === j ? { ...x, operator } : x)) })} />
                <Field label={`Value ${j + 1}`} value={r.value} onChange={(value) => update(d.key, { rows: d.rows.map((x, k) => (k === j ? { ...x, value } : x)) })} />
                <Button className="button" onPress={() => update(d.key, { rows: d.rows.filter((_, k) => k !== j) })}>Remove condition {j + 1}</Button>
              </div>
            ))}
            {d.kept ? null : <Button className="button" onPress={() => update(d.key, { rows: [...d.rows, { fact: 'band', operator: 'equal', value: '' }] })}>Add condition</Button>}
          </div>
          <div className="button-row">
            <Button className="button" isDisabled={i === 0} onPress={() => setDrafts((all) => [...all.slice(0, i - 1), all[i]!, all[i - 1]!, ...all.slice(i + 1)])}>Move up</Button>
            <Button className="button" onPress={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}>Remove queue</Button>
          </div>
        </fieldset>
      ))}
      <div className="button-row">
        <Button className="button" onPress={() => setDrafts((all) => [...all, { key: ++keys, name: '', mode: 'manual', capacity: '', memberIds: [], rows: [], kept: null }])}>Add queue</Button>
        <Button type="submit" className="button primary" isDisabled={save.pending}>{save.pending ? 'Saving…' : 'Save queues'}</Button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
    </Form>
  );
}
