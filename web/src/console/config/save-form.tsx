// The one save pattern of the settings pages (the organisation's panels, the public intake link): each form
// holds its draft, its "Save changes" button is enabled only once something differs from what is saved, a
// "Saved." status follows a success, and the server's errors sit beside their fields (React Aria Form's
// validationErrors), the rest above the button.
import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Form } from 'react-aria-components';
import type { RequestError } from '../../lib/graphql';
import { ErrorNotice } from '../../ui/status';

export function SaveForm({ label, changed, pending, fieldErrors, error, saved, onSave, children }: {
  /** What the form saves, for its accessible name ("Four-eyes approval"). */
  label: string;
  /** Whether the draft differs from what is saved: the button is enabled only then. */
  changed: boolean;
  pending: boolean;
  fieldErrors?: Record<string, string>;
  /** The error that belongs to no field of the form. */
  error?: RequestError;
  /** The words after "Saved." once the last save succeeded (null: nothing saved since the page opened or since the next edit). */
  saved: string | null;
  onSave: () => void | Promise<void>;
  children: ReactNode;
}) {
  const statusId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (changed && !pending) void onSave();
  };
  return (
    <Form className="form save-form" aria-label={label} onSubmit={submit} validationErrors={fieldErrors}>
      {children}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="actions save-actions">
        <Button className="button button-primary" type="submit" isDisabled={!changed || pending} aria-describedby={statusId}>Save changes</Button>
        <span id={statusId} className="save-status" role="status" aria-live="polite">
          {pending ? 'Saving…' : saved !== null && !changed ? `Saved. ${saved}`.trim() : ''}
        </span>
      </div>
    </Form>
  );
}
