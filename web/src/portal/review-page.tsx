import { useState, type FormEvent } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { trpc } from '../lib/trpc';
import { useAction, useRequest } from '../lib/use-request';
import { ErrorNotice, Loading } from '../ui/status';
import { countryName } from './countries';
import { BusyButton, CheckboxInput, CountriesInput, CountryInput, focusField, PercentInput, sentence, TextInput, useFocusFromHash } from './fields';
import { usePortalSession } from './session';
import { ProblemList, StepPage } from './stepper';

type Review = Awaited<ReturnType<typeof trpc.review.get.query>>;
type Section = Review['sections'][number];
type ReviewField = Section['fields'][number];
type Amendment = Parameters<typeof trpc.review.confirm.mutate>[0]['amendments'][number];

const loadReview = () => trpc.review.get.query();
const confirmReview = (amendments: Amendment[]) => trpc.review.confirm.mutate({ amendments });

const COUNTRY = new Set(['country', 'nationality', 'idCountry', 'countryOfResidence']);
const MULTILINE = new Set(['registeredAddress', 'businessActivity', 'sourceOfFunds']);
const DATES = new Set(['incorporationDate', 'dateOfBirth']);

/** A value as the customer reads it. */
function shown(field: string, v: unknown): string {
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return 'Not given';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (COUNTRY.has(field) && typeof v === 'string') return countryName(v);
  if (field === 'internationalCountries' && Array.isArray(v)) return v.map((c) => countryName(String(c))).join(', ');
  if (Array.isArray(v)) return v.join(', ');
  if (field === 'ownershipPercent') return `${String(v)}%`;
  return String(v);
}

/** What an edited value is sent as (review.confirm's correctedValue, checked by the field's own rule). */
function asValue(field: string, v: unknown): unknown {
  if (field === 'roles') return typeof v === 'string' ? v.split(',').map((r) => r.trim()).filter(Boolean) : v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v;
}

const keyOf = (section: string, field: string) => `${section}.${field}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Step 4: the data read from the documents beside the application's, per section; "Edit" turns a section
 * into fields; confirming (review.confirm) sends the changed fields as amendments.
 */
export function ReviewPage() {
  const { ended } = usePortalSession();
  const review = useRequest(loadReview, 'review.get', ended);
  return (
    <StepPage step="review" title="Review your details" lead="Check what we read from your documents and what you told us. Correct anything that is wrong, then confirm.">
      {review.status === 'loading' ? <Loading label="Loading the review…" /> : null}
      {review.status === 'error' ? <ErrorNotice error={review.error} onRetry={review.reload} /> : null}
      {review.status === 'done' ? <ReviewBody review={review.data} onCheckAgain={review.reload} /> : null}
    </StepPage>
  );
}

function ReviewBody({ review, onCheckAgain }: { review: Review; onCheckAgain: () => void }) {
  if (review.documents.total === 0) {
    return (
      <div className="card">
        <p>Upload at least one document first: the review shows what we read from it.</p>
        <Link className="button button-primary" href="/portal/app/documents">Go to documents</Link>
      </div>
    );
  }
  if (review.pending) {
    const n = review.documents.awaitingExtraction;
    return (
      <div className="card" data-testid="review-pending">
        <p>We are still reading {n === 1 ? 'one of your documents' : `${n} of your documents`}. This usually takes a few minutes.</p>
        <Button className="button" onPress={onCheckAgain}>Check again</Button>
      </div>
    );
  }
  return <ReviewForm review={review} />;
}

function ReviewForm({ review }: { review: Review }) {
  const { reload, ended } = usePortalSession();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const confirm = useAction(confirmReview, ended);
  const [sent, setSent] = useState<{ key: string }[]>([]);
  useFocusFromHash(true);

  // Errors: `amendments.<i>.…` belong to the i-th amendment sent; `<section>.<field>` to that field.
  const fieldErrors: Record<string, string> = {};
  const problems: { key: string; label: string; href: string; onPress: () => void }[] = [];
  for (const d of confirm.error?.details ?? []) {
    const m = /^amendments\.(\d+)/.exec(d.path);
    const key = m ? sent[Number(m[1])]?.key : d.path;
    if (!key) continue;
    fieldErrors[key] ??= sentence(d.message);
    const section = review.sections.find((s) => key.startsWith(`${s.section}.`));
    const field = section?.fields.find((f) => keyOf(section.section, f.field) === key);
    problems.push({
      key: d.path + d.message, href: `#field-${key.replace(/\./g, '-')}`, onPress: () => focusField(key),
      label: `${section?.label ?? ''}${field ? `, ${field.label}` : ''}: ${sentence(d.message)}`,
    });
  }
  const open = (section: string) => editing.has(section) || Object.keys(fieldErrors).some((k) => k.startsWith(`${section}.`));

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (confirm.pending) return;
    const amendments: (Amendment & { key: string })[] = [];
    for (const s of review.sections) {
      for (const f of s.fields) {
        const key = keyOf(s.section, f.field);
        if (!(key in edits)) continue;
        const correctedValue = asValue(f.field, edits[key]);
        if (!same(correctedValue, f.value)) amendments.push({ key, section: s.section, field: f.field, correctedValue });
      }
    }
    setSent(amendments);
    const result = await confirm.run(amendments.map((a) => ({ section: a.section, field: a.field, correctedValue: a.correctedValue })));
    if (!result) return;
    await reload();
    const corrected = result.amendmentCount ? ` ${result.amendmentCount} ${result.amendmentCount === 1 ? 'correction was' : 'corrections were'} saved.` : '';
    if (result.submitted) navigate('/portal/app/status', { state: { flash: `Your details are confirmed and your application is submitted.${corrected}` } });
    else navigate('/portal/app/submit', { state: { flash: `Your details are confirmed.${corrected}` } });
  }

  return (
    <Form className="form portal-form" onSubmit={submit} validationBehavior="aria">
      {confirm.error ? (
        problems.length
          ? <ProblemList title="Please check these details" message={confirm.error.message} problems={problems} />
          : <ErrorNotice error={confirm.error} />
      ) : null}
      {review.confirmedAt ? <p className="notice notice-ok">You confirmed these details on {new Date(review.confirmedAt).toLocaleString()}. You can still correct them.</p> : null}
      {review.sections.map((s) => (
        <section key={s.section} className="group review-section" aria-labelledby={`review-${s.section}`}>
          <div className="section-head">
            <h2 id={`review-${s.section}`}>{s.label}</h2>
            {open(s.section) ? null : (
              <Button className="button button-quiet" aria-label={`Edit ${s.label}`} onPress={() => setEditing((old) => new Set(old).add(s.section))}>Edit</Button>
            )}
          </div>
          {open(s.section) ? (
            <div className="grid">
              {s.fields.map((f) => (
                <EditField key={f.field} section={s.section} f={f} value={edits[keyOf(s.section, f.field)]} error={fieldErrors[keyOf(s.section, f.field)]}
                  onChange={(v) => setEdits((old) => ({ ...old, [keyOf(s.section, f.field)]: v }))} />
              ))}
            </div>
          ) : (
            <dl className="facts review-facts">
              {s.fields.map((f) => (
                <div key={f.field} className="fact">
                  <dt>{f.label}</dt>
                  <dd>
                    {shown(f.field, f.value)}
                    {f.extractedValue !== null && !same(f.extractedValue, f.applicationValue) ? (
                      <span className="field-hint">
                        {f.applicationValue === null ? ' (read from your documents)' : ` (your documents say: ${shown(f.field, f.extractedValue)})`}
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
      <div className="actions">
        <BusyButton type="submit" busy={confirm.pending} busyLabel="Confirming…">
          {review.submitsCase ? 'Confirm and submit' : 'Confirm these details'}
        </BusyButton>
      </div>
    </Form>
  );
}

/** One field of a section being edited, with what the documents say as its hint. */
function EditField({ section, f, value, error, onChange }: { section: string; f: ReviewField; value: unknown; error?: string; onChange: (v: unknown) => void }) {
  const name = keyOf(section, f.field);
  const current = value === undefined ? f.value : value;
  const hint = f.extractedValue !== null && !same(f.extractedValue, f.applicationValue) ? `Your documents say: ${shown(f.field, f.extractedValue)}` : undefined;
  const common = { name, label: f.label, error, description: hint };
  if (f.field === 'transactsInternationally') return <CheckboxInput name={name} label={f.label} value={current === true} onChange={onChange} />;
  if (f.field === 'ownershipPercent') return <PercentInput {...common} value={typeof current === 'number' ? current : null} onChange={onChange} />;
  if (COUNTRY.has(f.field)) return <CountryInput {...common} value={typeof current === 'string' ? current : null} onChange={onChange} />;
  if (f.field === 'internationalCountries') return <CountriesInput {...common} value={Array.isArray(current) ? current.map(String) : []} onChange={onChange} />;
  const asText = Array.isArray(current) ? current.join(', ') : current === null || current === undefined ? '' : String(current);
  const type = DATES.has(f.field) ? 'date' : f.field === 'website' ? 'url' : f.field === 'email' ? 'email' : 'text';
  return <TextInput {...common} value={asText} onChange={onChange} type={type} multiline={MULTILINE.has(f.field)}
    {...(f.field === 'roles' ? { description: hint ?? 'Separate roles with commas.' } : {})} />;
}
