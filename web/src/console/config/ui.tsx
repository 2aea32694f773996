// Pieces the Compliance Configuration pages share beyond web/src/ui (dialogs, fields, selects, checkboxes):
// secrets shown once with a copy button, server field errors next to their fields, dates and success notices.
//
// Buttons are disabled while their request runs rather than given React Aria's `isPending`: a pending
// button announces itself through a live-region node labelled by the button's id, and when the button
// then goes away (a form or dialog closes on success) that node is left without a name for seconds.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { RequestError } from '../../lib/graphql';

/**
 * Splits a failed mutation's error: the details whose path names one of `fields` go next to that field
 * (React Aria Form's validationErrors), the rest stay in the notice above the buttons.
 */
export function useFieldErrors(error: RequestError | undefined, fields: readonly string[]): { fieldErrors: Record<string, string>; notice?: RequestError } {
  // One object per error: React Aria clears a field's server error once it is edited, until a new object comes.
  const key = fields.join(' ');
  return useMemo(() => splitFieldErrors(error, key.split(' ')), [error, key]);
}

function splitFieldErrors(error: RequestError | undefined, fields: readonly string[]): { fieldErrors: Record<string, string>; notice?: RequestError } {
  if (!error) return { fieldErrors: {} };
  const fieldErrors: Record<string, string> = {};
  const rest: RequestError['details'] = [];
  for (const d of error.details) {
    if (fields.includes(d.path) && !fieldErrors[d.path]) fieldErrors[d.path] = d.message;
    else rest.push(d);
  }
  // Every problem shown beside its field: no notice repeating them above the form.
  if (rest.length === 0 && Object.keys(fieldErrors).length > 0) return { fieldErrors };
  return { fieldErrors, notice: new RequestError(error.message, error.code, error.reason, rest) };
}

/** A success message in words, announced politely. */
export function Success({ children }: { children: ReactNode }) {
  return (
    <div className="notice notice-ok" role="status" aria-live="polite">
      {children}
    </div>
  );
}

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as the reader's local date and time (the ISO string in `dateTime`). */
export function When({ at, never = 'Never' }: { at: string | null | undefined; never?: string }) {
  if (!at) return <>{never}</>;
  return <time dateTime={at}>{DATE.format(new Date(at))}</time>;
}

/** A copy-to-clipboard button that says whether it worked. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <span className="copy">
      <Button
        className="button"
        onPress={() => {
          navigator.clipboard.writeText(text).then(() => setState('copied'), () => setState('failed'));
        }}
      >
        {label}
      </Button>
      <span role="status" aria-live="polite" className="copy-status">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Could not copy: select the text and copy it.' : ''}
      </span>
    </span>
  );
}

/** A secret shown this once: the value, a copy button and the warning that it will not be shown again. */
export function SecretOnce({ title, items, onDone }: { title: string; items: { label: string; value: string; secret?: boolean }[]; onDone: () => void }) {
  const titleId = useId();
  return (
    <section className="secret-once" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="warning" role="note"><strong>Copy the secret now: it will not be shown again.</strong> If you lose it, make a new one.</p>
      <dl className="facts">
        {items.map((i) => (
          <div key={i.label} className="facts-row">
            <dt>{i.label}</dt>
            <dd>
              <code className="secret-value" data-testid={i.secret ? 'secret' : undefined}>{i.value}</code>
              <CopyButton text={i.value} label={`Copy ${i.label.toLowerCase()}`} />
            </dd>
          </div>
        ))}
      </dl>
      <Button className="button button-primary" onPress={onDone}>I have copied it</Button>
    </section>
  );
}

/** 64 random hex characters, as the server generates: for rotating a webhook secret without typing one. */
export function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The last data a request read, kept on screen while it is read again (after a change), so that what is
 * shown (and each item's own state: messages, secrets, open panels) stays until the new answer arrives.
 */
export function useLastData<T>(request: { status: string; data?: T }): T | undefined {
  const [last, setLast] = useState<{ data: T } | null>(null);
  if (request.status === 'done' && request.data !== undefined && last?.data !== request.data) setLast({ data: request.data });
  return request.status === 'done' ? request.data : last?.data;
}
