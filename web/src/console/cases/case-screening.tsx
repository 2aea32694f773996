// The case page's Screening: each hit with the matched entity, its AI triage (suggestion, confidence, reason
// and which engine made it) and the analyst's disposition, with `Record disposition` (dispositionScreeningHit,
// the same use case as the pull API's POST /v1/cases/{caseId}/screening/disposition).
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import type { ConsoleCaseQuery, Disposition } from '../../gql/graphql';
import { execute } from '../../lib/graphql';
import { useAction } from '../../lib/use-request';
import { DialogButton, DialogButtons } from '../../ui/dialog';
import { Field } from '../../ui/field';
import { SelectField } from '../../ui/select-field';
import { ErrorNotice } from '../../ui/status';
import { useFieldErrors } from '../form-errors';
import { useSignInOnUnauthenticated } from '../require-member';
import { DispositionHitMutation } from './case-query';
import { DISPOSITION_LABELS, when, words } from './labels';
import { MatchExplanationView } from '../screening/match-explanation';

type Hit = NonNullable<ConsoleCaseQuery['case']>['screeningHits'][number];

const DISPOSITION_FIELDS = ['disposition', 'note'];
const DISPOSITION_OPTIONS = (Object.keys(DISPOSITION_LABELS) as Disposition[]).map((id) => ({ id, label: DISPOSITION_LABELS[id] }));

/** A disposition in words; values the enum does not know (an older row) are shown as they are stored. */
const dispositionWords = (d: string) => DISPOSITION_LABELS[d as Disposition] ?? words(d);

/** A match score (0 to 1, as the pull API gives it) to two places. */
const scoreText = (score: number) => String(Math.round(score * 100) / 100);

export function ScreeningHits({ caseId, hits, mayDisposition, onDone }: { caseId: string; hits: Hit[]; mayDisposition: boolean; onDone: (message: string) => void }) {
  return (
    <section className="case-section" aria-labelledby="hits-title">
      <h2 id="hits-title">Screening</h2>
      {hits.length === 0 ? <p className="empty">No screening hits.</p> : null}
      <ul className="cards">
        {hits.map((h) => (
          <li key={h.hitId} className="card">
            <h3 className="card-title">{h.subjectName ?? h.caption ?? h.hitId}</h3>
            <p className="card-meta">
              {h.isSanctioned ? <span className="badge badge-bad">Sanctions</span> : null}{' '}
              {h.isPep ? <span className="badge badge-warn">PEP</span> : null}{' '}
              {[h.subjectRole && words(h.subjectRole), h.caption && `matched ${h.caption}`, h.score != null && `score ${scoreText(h.score)}`].filter(Boolean).join(' · ')}
            </p>
            {h.topics.length ? <p>Topics: {h.topics.join(', ')}</p> : null}
            {h.explanation ? (
              <details className="hit-explanation">
                <summary>Why it matched</summary>
                <MatchExplanationView explanation={h.explanation} />
              </details>
            ) : null}
            <p>
              <strong>Triage:</strong>{' '}
              {h.triage
                ? `${words(h.triage.status)}${h.triage.disposition ? ` · ${dispositionWords(h.triage.disposition)}` : ''}${h.triage.confidence != null ? ` (${h.triage.confidence}% confident)` : ''}${h.triage.shortReason ? ` — ${h.triage.shortReason}` : ''}`
                : 'Not triaged yet'}
            </p>
            {h.triage?.provider ? (
              <p className="small">
                Suggested by {[h.triage.provider, h.triage.model].filter(Boolean).join(' ')}{h.triage.triagedAt ? ` · ${when(h.triage.triagedAt)}` : ''}
              </p>
            ) : null}
            <p>
              <strong>Disposition:</strong>{' '}
              {h.disposition ? `${dispositionWords(h.disposition)}${h.dispositionBy ? ` by ${h.dispositionBy}` : ''}${h.dispositionNote ? ` — ${h.dispositionNote}` : ''}` : 'None yet'}
            </p>
            {mayDisposition ? <RecordDisposition caseId={caseId} hit={h} onDone={onDone} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `Record disposition`: a dialog with the verdict (preset to the current one, else the triage's suggestion) and a note. */
function RecordDisposition({ caseId, hit, onDone }: { caseId: string; hit: Hit; onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const who = hit.subjectName ?? hit.caption ?? hit.hitId;
  return (
    <div className="section-actions">
      <DialogButton label="Record disposition" title={`Disposition of the hit on ${who}`} isOpen={open} onOpenChange={setOpen}>
        <DispositionForm
          caseId={caseId}
          hit={hit}
          onCancel={() => setOpen(false)}
          onDone={(d) => {
            setOpen(false);
            onDone(`The hit on ${who} is recorded as ${DISPOSITION_LABELS[d].toLowerCase()}.`);
          }}
        />
      </DialogButton>
    </div>
  );
}

function known(value: string | null | undefined): Disposition | '' {
  return value && value in DISPOSITION_LABELS ? (value as Disposition) : '';
}

function DispositionForm({ caseId, hit, onDone, onCancel }: { caseId: string; hit: Hit; onDone: (d: Disposition) => void; onCancel: () => void }) {
  const [disposition, setDisposition] = useState<Disposition | ''>(known(hit.disposition) || known(hit.triage?.disposition));
  const [note, setNote] = useState(hit.dispositionNote ?? '');
  const action = useAction(
    (input: { disposition: Disposition; note: string }) =>
      execute(DispositionHitMutation, { caseId, hitId: hit.hitId, disposition: input.disposition, note: input.note.trim() || null }),
    useSignInOnUnauthenticated(),
  );
  const { fieldErrors, rest, edited } = useFieldErrors(action.error, DISPOSITION_FIELDS);
  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!disposition) return;
    if ((await action.run({ disposition, note })) !== undefined) onDone(disposition);
  }
  return (
    <Form className="form" onSubmit={send} validationErrors={fieldErrors}>
      {hit.triage?.disposition ? (
        <p className="small">The AI triage suggests {dispositionWords(hit.triage.disposition).toLowerCase()}{hit.triage.shortReason ? `: ${hit.triage.shortReason}` : '.'}</p>
      ) : null}
      <SelectField
        label="Disposition" name="disposition" isRequired value={disposition} options={DISPOSITION_OPTIONS}
        onChange={(v) => { setDisposition(v as Disposition); edited('disposition'); }}
      />
      <Field multiline label="Note" name="note" value={note} onChange={(v) => { setNote(v); edited('note'); }} maxLength={2000} hint="Why; kept with the hit and shown to the pull API." />
      {rest ? <ErrorNotice error={rest} /> : null}
      <DialogButtons submit="Save" pending={action.pending} onCancel={onCancel} />
    </Form>
  );
}
