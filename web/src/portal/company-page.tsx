import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { text, type CompanyProfile } from './application';
import { ApplicationStep, AutosaveStatus, SaveError, useAutosave, useSaveStep } from './application-step';
import { BusyButton, CheckboxInput, CountriesInput, CountryInput, TextInput } from './fields';
import { COMPANY_LABELS as L } from './labels';

/** Step 1: the company profile (application.get / application.save; partial drafts are fine). */
export function CompanyPage() {
  return (
    <ApplicationStep step="company" title="Company details" lead="Tell us about the company. Fields marked * are required. Your answers are saved as you type, so you can come back at any time.">
      {(app) => <CompanyForm initial={app.companyProfile} />}
    </ApplicationStep>
  );
}

type TextKey = Exclude<keyof CompanyProfile, 'country' | 'transactsInternationally' | 'internationalCountries' | 'customAnswers'>;
const TEXT_KEYS: TextKey[] = [
  'companyName', 'registrationNumber', 'entityType', 'incorporationDate', 'registeredAddress', 'taxId', 'vatNumber',
  'businessActivity', 'industrySector', 'annualRevenue', 'website', 'sourceOfFunds',
];

function CompanyForm({ initial }: { initial: CompanyProfile }) {
  const [values, setValues] = useState<Record<TextKey, string>>(() => Object.fromEntries(TEXT_KEYS.map((k) => [k, initial[k] ?? ''])) as Record<TextKey, string>);
  const [country, setCountry] = useState<string | null>(initial.country);
  const [international, setInternational] = useState(initial.transactsInternationally);
  const [countries, setCountries] = useState<string[]>(initial.internationalCountries);
  const draft = () => ({
    companyProfile: {
      ...Object.fromEntries(TEXT_KEYS.map((k) => [k, text(values[k])])),
      country,
      transactsInternationally: international,
      internationalCountries: international ? countries : [],
    },
  });
  const autosave = useAutosave(draft);
  const save = useSaveStep('company', 'companyProfile.', '/portal/app/ownership', 'Company details saved.', autosave);
  const { fieldErrors } = save;
  // Each change of the form: kept, then saved a moment after the customer stops typing.
  const edit = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    autosave.changed();
  };

  const bind = (k: TextKey) => ({
    name: k, label: L[k]!, value: values[k], error: fieldErrors[k],
    onChange: edit((v: string) => setValues((old) => ({ ...old, [k]: v }))),
  });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    await save.submit(draft());
  }

  return (
    <Form className="form portal-form" onSubmit={submit} validationBehavior="aria">
      <SaveError error={save.error} problems={save.problems} />
      <fieldset className="group">
        <legend>The company</legend>
        <div className="grid">
          <TextInput {...bind('companyName')} isRequired autoComplete="organization" />
          <TextInput {...bind('registrationNumber')} isRequired description="As on the company register." />
          <CountryInput name="country" label={L.country!} value={country} onChange={edit(setCountry)} error={fieldErrors.country} isRequired />
          <TextInput {...bind('entityType')} isRequired description="For example: private limited company." />
          <TextInput {...bind('incorporationDate')} type="date" isRequired />
          <TextInput {...bind('website')} type="url" description="For example northwind.example (https:// is added for you)." />
          <TextInput {...bind('registeredAddress')} multiline isRequired />
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>Tax</legend>
        <div className="grid">
          <TextInput {...bind('taxId')} />
          <TextInput {...bind('vatNumber')} />
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>The business</legend>
        <div className="grid">
          <TextInput {...bind('businessActivity')} multiline isRequired description="What the company does, in a few sentences." />
          <TextInput {...bind('industrySector')} />
          <TextInput {...bind('annualRevenue')} description="An approximate figure with its currency." />
          <TextInput {...bind('sourceOfFunds')} multiline isRequired description="Where the company's money comes from." />
          <CheckboxInput name="transactsInternationally" label={L.transactsInternationally!} value={international} onChange={edit(setInternational)} />
          {international ? (
            <CountriesInput name="internationalCountries" label={L.internationalCountries!} value={countries} onChange={edit(setCountries)} isRequired
              error={fieldErrors.internationalCountries} description="Required when the company transacts internationally: add each country it buys from or sells to." />
          ) : null}
        </div>
      </fieldset>
      <div className="actions">
        <BusyButton type="submit" busy={save.pending} busyLabel="Saving…">Save and continue</BusyButton>
        <AutosaveStatus autosave={autosave} />
      </div>
    </Form>
  );
}
