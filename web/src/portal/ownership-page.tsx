import { useRef, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { text, type ApplicationView, type Owner } from './application';
import { ApplicationStep, AutosaveStatus, SaveError, useAutosave, useSaveStep } from './application-step';
import { BusyButton, CountryInput, fieldId, PercentInput, TextInput } from './fields';
import { PERSON_LABELS as L } from './labels';

/** Step 2: directors and UBOs (people who own or control 25% or more), with the hasUbos question. */
export function OwnershipPage() {
  return (
    <ApplicationStep step="ownership" title="Directors and owners"
      lead="Everyone who runs the company, and anyone who owns or controls 25% or more of it. Fields marked * are required. Your answers are saved as you type.">
      {(app) => <OwnershipForm initial={app.ownership} />}
    </ApplicationStep>
  );
}

type Kind = 'directors' | 'ubos';

interface PersonForm {
  uid: string;
  personKey?: string;
  roles?: string[];
  name: string;
  email: string;
  ownershipPercent: number | null;
  nationality: string | null;
  dateOfBirth: string;
  idNumber: string;
  idCountry: string | null;
  countryOfResidence: string | null;
}

let uids = 0;
const blank = (): PersonForm => ({
  uid: `new-${++uids}`, name: '', email: '', ownershipPercent: null, nationality: null, dateOfBirth: '', idNumber: '', idCountry: null, countryOfResidence: null,
});
const fromOwner = (o: Owner): PersonForm => ({
  uid: o.personKey + ++uids, personKey: o.personKey, roles: o.roles, name: o.name, email: o.email ?? '', ownershipPercent: o.ownershipPercent,
  nationality: o.nationality, dateOfBirth: o.dateOfBirth ?? '', idNumber: o.idNumber ?? '', idCountry: o.idCountry, countryOfResidence: o.countryOfResidence,
});
const toDraft = (p: PersonForm, kind: Kind) => ({
  ...(p.personKey ? { personKey: p.personKey } : {}),
  ...(p.roles ? { roles: p.roles } : {}),
  name: p.name.trim(),
  email: text(p.email),
  ...(kind === 'ubos' ? { ownershipPercent: p.ownershipPercent } : {}),
  nationality: p.nationality,
  dateOfBirth: text(p.dateOfBirth),
  idNumber: text(p.idNumber),
  idCountry: p.idCountry,
  countryOfResidence: p.countryOfResidence,
});

const NOUN: Record<Kind, string> = { directors: 'Director', ubos: 'Owner' };

/** Nothing typed for this person yet (a blank added with "Add …"): left out of the drafts saved as the customer types. */
const isBlank = (p: PersonForm) => !p.personKey && !p.name.trim() && !p.email.trim() && !p.dateOfBirth && !p.idNumber.trim()
  && p.nationality === null && p.idCountry === null && p.countryOfResidence === null && p.ownershipPercent === null;

/** Why every person needs an email address (the same rule the server applies at this step and at submission). */
const EMAIL_WHY: Record<Kind, string> = {
  directors: 'We email each director a link to verify their identity.',
  ubos: 'We email each owner a link to verify their identity.',
};

function OwnershipForm({ initial }: { initial: ApplicationView['ownership'] }) {
  const [hasUbos, setHasUbos] = useState<boolean | null>(initial.hasUbos);
  const [people, setPeople] = useState<Record<Kind, PersonForm[]>>(() => ({
    directors: initial.directors.length ? initial.directors.map(fromOwner) : [blank()],
    ubos: initial.ubos.map(fromOwner),
  }));
  const addDirector = useRef<HTMLButtonElement>(null);
  const addOwner = useRef<HTMLButtonElement>(null);
  const sentUids = useRef<Record<Kind, string[]>>({ directors: [], ubos: [] });
  const draft = (autosaving = false) => {
    const listed = (kind: Kind) => people[kind].filter((p) => !(autosaving && isBlank(p)));
    if (autosaving) sentUids.current = { directors: listed('directors').map((p) => p.uid), ubos: hasUbos ? listed('ubos').map((p) => p.uid) : [] };
    return {
      ownership: {
        hasUbos,
        directors: listed('directors').map((p) => toDraft(p, 'directors')),
        ubos: hasUbos ? listed('ubos').map((p) => toDraft(p, 'ubos')) : [],
      },
    };
  };
  // A person saved for the first time gets their personKey from the answer, so later saves keep who they are.
  const adoptKeys = (view: ApplicationView) => setPeople((old) => {
    const keyed = (kind: Kind) => old[kind].map((p) => {
      const i = sentUids.current[kind].indexOf(p.uid);
      const key = i >= 0 ? view.ownership[kind][i]?.personKey : undefined;
      return !p.personKey && key ? { ...p, personKey: key } : p;
    });
    return { directors: keyed('directors'), ubos: keyed('ubos') };
  });
  const autosave = useAutosave(() => draft(true), adoptKeys);
  const save = useSaveStep('ownership', 'ownership.', '/portal/app/documents', 'Directors and owners saved.', autosave);
  const { fieldErrors } = save;

  const update = (kind: Kind, uid: string, change: Partial<PersonForm>) => {
    setPeople((old) => ({ ...old, [kind]: old[kind].map((p) => (p.uid === uid ? { ...p, ...change } : p)) }));
    autosave.changed();
  };
  const add = (kind: Kind) => {
    setPeople((old) => ({ ...old, [kind]: [...old[kind], blank()] }));
    // Focus the new person's first field once it is on the page.
    const index = people[kind].length;
    requestAnimationFrame(() => document.getElementById(fieldId(`${kind}.${index}.name`))?.querySelector('input')?.focus());
  };
  const remove = (kind: Kind, uid: string) => {
    setPeople((old) => ({ ...old, [kind]: old[kind].filter((p) => p.uid !== uid) }));
    autosave.changed();
    (kind === 'directors' ? addDirector : addOwner).current?.focus();
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await save.submit(draft());
  }

  const personFields = (kind: Kind, p: PersonForm, i: number) => {
    const name = (f: string) => `${kind}.${i}.${f}`;
    const bindText = (f: 'name' | 'email' | 'dateOfBirth' | 'idNumber') => ({
      name: name(f), label: L[f]!, value: p[f], error: fieldErrors[name(f)], onChange: (v: string) => update(kind, p.uid, { [f]: v }),
    });
    const bindCountry = (f: 'nationality' | 'idCountry' | 'countryOfResidence') => ({
      name: name(f), label: L[f]!, value: p[f], error: fieldErrors[name(f)], onChange: (v: string | null) => update(kind, p.uid, { [f]: v }),
    });
    const title = `${NOUN[kind]} ${i + 1}`;
    return (
      <fieldset key={p.uid} className="group person" aria-label={p.name.trim() ? `${title}: ${p.name.trim()}` : title}>
        <legend>{title}{p.name.trim() ? `: ${p.name.trim()}` : ''}</legend>
        <div className="grid">
          <TextInput {...bindText('name')} isRequired autoComplete="off" />
          <TextInput {...bindText('dateOfBirth')} type="date" isRequired />
          <CountryInput {...bindCountry('nationality')} isRequired />
          {kind === 'ubos' ? (
            <PercentInput name={name('ownershipPercent')} label={L.ownershipPercent!} value={p.ownershipPercent} isRequired
              error={fieldErrors[name('ownershipPercent')]} onChange={(v) => update(kind, p.uid, { ownershipPercent: v })} />
          ) : null}
          <TextInput {...bindText('email')} type="email" autoComplete="off" isRequired description={EMAIL_WHY[kind]} />
          <CountryInput {...bindCountry('countryOfResidence')} />
          <TextInput {...bindText('idNumber')} description="Passport or national ID card number." />
          <CountryInput {...bindCountry('idCountry')} />
        </div>
        <Button className="button button-quiet" onPress={() => remove(kind, p.uid)}>Remove {p.name.trim() || title.toLowerCase()}</Button>
      </fieldset>
    );
  };

  return (
    <Form className="form portal-form" onSubmit={submit} validationBehavior="aria">
      <SaveError error={save.error} problems={save.problems} />

      <section aria-labelledby="directors-title" id={fieldId('directors')} tabIndex={-1} className="people">
        <h2 id="directors-title">Directors</h2>
        {fieldErrors.directors ? <p className="field-error">{fieldErrors.directors}</p> : null}
        {people.directors.length === 0 ? <p className="empty">No directors yet. Add at least one.</p> : null}
        {people.directors.map((p, i) => personFields('directors', p, i))}
        <Button ref={addDirector} className="button" onPress={() => add('directors')}>Add a director</Button>
      </section>

      <section aria-labelledby="ubos-title" className="people">
        <h2 id="ubos-title">Owners</h2>
        <div id={fieldId('hasUbos')}>
          <RadioGroup className="radio-group" value={hasUbos === null ? null : hasUbos ? 'yes' : 'no'} onChange={(v) => {
              setHasUbos(v === 'yes');
              autosave.changed();
            }}
            isRequired isInvalid={fieldErrors.hasUbos ? true : undefined} orientation="horizontal">
            <Label>Does any person own or control 25% or more of the company?<span className="required" aria-hidden="true"> *</span></Label>
            <div className="radios">
              <Radio className="radio" value="yes"><span className="radio-dot" aria-hidden="true" />Yes</Radio>
              <Radio className="radio" value="no"><span className="radio-dot" aria-hidden="true" />No</Radio>
            </div>
            <FieldError className="field-error">{fieldErrors.hasUbos}</FieldError>
          </RadioGroup>
        </div>
        {hasUbos ? (
          <div id={fieldId('ubos')} tabIndex={-1}>
            <p className="lead">These are the ultimate beneficial owners (UBOs). Their shares together add up to at most 100%.</p>
            {fieldErrors.ubos ? <p className="field-error">{fieldErrors.ubos}</p> : null}
            {people.ubos.length === 0 ? <p className="empty">No owners yet. Add each person who owns or controls 25% or more.</p> : null}
            {people.ubos.map((p, i) => personFields('ubos', p, i))}
            <Button ref={addOwner} className="button" onPress={() => add('ubos')}>Add an owner</Button>
          </div>
        ) : null}
      </section>

      <div className="actions">
        <BusyButton type="submit" busy={save.pending} busyLabel="Saving…">Save and continue</BusyButton>
        <AutosaveStatus autosave={autosave} />
      </div>
    </Form>
  );
}
