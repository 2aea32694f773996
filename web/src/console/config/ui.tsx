// Pieces the Compliance Configuration pages share: confirm dialogs, secrets shown once with a copy
// button, server field errors next to their fields, selects, checkboxes, dates and success notices.
//
// Buttons are disabled while their request runs rather than given React Aria's `isPending`: a pending
// button announces itself through a live-region node labelled by the button's id, and when the button
// then goes away (a form or dialog closes on success) that node is left without a name for seconds.
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  Button, Checkbox, CheckboxGroup, Dialog, DialogTrigger, FieldError, Heading, Input, Label, ListBox, ListBoxItem, Modal,
  ModalOverlay, Popover, Select, SelectValue, Text, TextField, type Key, type TextFieldProps,
} from 'react-aria-components';
import { RequestError } from '../../lib/graphql';
import { ErrorNotice } from '../../ui/status';

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

/**
 * A button that opens a modal dialog asking to confirm; `onConfirm` runs the action and resolves to
 * true when it worked (the dialog closes) or false (the dialog stays, showing `error`).
 */
export function ConfirmButton({
  label, title, children, confirmLabel, onConfirm, error, pending, destructive = true,
}: {
  label: string;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<boolean>;
  error?: RequestError;
  pending?: boolean;
  destructive?: boolean;
}) {
  return (
    <DialogTrigger>
      <Button className={destructive ? 'button button-danger' : 'button'}>{label}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog" role="alertdialog">
            {({ close }) => (
              <>
                <Heading slot="title">{title}</Heading>
                {children}
                {error ? <ErrorNotice error={error} /> : null}
                <div className="actions">
                  <Button className="button" onPress={close}>Cancel</Button>
                  <Button
                    className={destructive ? 'button button-danger-strong' : 'button button-primary'}
                    isDisabled={pending}
                    onPress={async () => {
                      if (await onConfirm()) close();
                    }}
                  >
                    {confirmLabel}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** A modal dialog opened by a button; the content gets `close`. */
export function DialogButton({ label, title, children, className = 'button' }: { label: string; title: string; className?: string; children: (close: () => void) => ReactNode }) {
  return (
    <DialogTrigger>
      <Button className={className}>{label}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{title}</Heading>
                {children(close)}
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
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

export interface Option {
  id: string;
  label: string;
}

/** A labelled single-choice select (React Aria Select: a button and a listbox popover). */
export function SelectField({ label, options, value, onChange, name }: { label: string; options: Option[]; value: string; onChange: (v: string) => void; name?: string }) {
  return (
    <Select className="field select" name={name} value={value} onChange={(k: Key | null) => onChange(k == null ? '' : String(k))}>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="select-arrow">▾</span>
      </Button>
      <FieldError className="field-error" />
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(o) => <ListBoxItem className="listbox-item" id={o.id}>{o.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </Select>
  );
}

/** A checkbox with a visible box (React Aria Checkbox). */
export function Check({ value, children, description, ...props }: { value?: string; children: ReactNode; description?: string; isSelected?: boolean; onChange?: (v: boolean) => void; name?: string }) {
  const descriptionId = useId();
  return (
    <div className="check-row">
      <Checkbox className="check" value={value} aria-describedby={description ? descriptionId : undefined} {...props}>
        <span className="check-box" aria-hidden="true" />
        <span className="check-label">{children}</span>
      </Checkbox>
      {description ? <p id={descriptionId} className="check-description">{description}</p> : null}
    </div>
  );
}

/** A labelled group of checkboxes; server errors for `name` show under it. */
export function CheckGroup({ label, name, value, onChange, children, description }: { label: string; name: string; value: string[]; onChange: (v: string[]) => void; children: ReactNode; description?: string }) {
  return (
    <CheckboxGroup className="check-group" name={name} value={value} onChange={onChange}>
      <Label className="group-label">{label}</Label>
      {description ? <Text slot="description" className="muted">{description}</Text> : null}
      <div className="check-list">{children}</div>
      <FieldError className="field-error" />
    </CheckboxGroup>
  );
}

/** A labelled text field with an optional hint; errors from the Form's validationErrors (by `name`) show under it. */
export function TextInput({ label, description, ...props }: TextFieldProps & { label: string; description?: string }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      <Input />
      {description ? <Text slot="description" className="field-hint">{description}</Text> : null}
      <FieldError className="field-error" />
    </TextField>
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
