// The portal form's fields: React Aria Components, each labelled, with its error next to it (FieldError,
// tied to the input by aria-describedby) and wrapped in an element whose id a link can focus
// (`field-<name>`, dots as dashes) — the submit page's list of what is missing links to these.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  Button, Checkbox, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, NumberField, Popover, Tag, TagGroup, TagList, Text, TextArea, TextField,
  type Key,
} from 'react-aria-components';
import { useLocation } from 'react-router';
import { COUNTRIES, countryName } from './countries';

export const fieldId = (name: string) => `field-${name.replace(/\./g, '-')}`;

/** A server message ("must be ...") as a sentence. */
export const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? '' : '.');

/** Moves focus to a field (by its name) and brings it into view; true when found. */
export function focusField(name: string): boolean {
  return focusBox(fieldId(name));
}

function focusBox(id: string): boolean {
  const box = document.getElementById(id);
  if (!box) return false;
  const target = box.matches('input, textarea, button') ? box : box.querySelector<HTMLElement>('input:not([type=hidden]), textarea, button, [tabindex="0"]');
  (target ?? box).focus();
  box.scrollIntoView({ block: 'center' });
  return true;
}

/** Once the page's form is shown, focuses the field the address names (`#field-…`, from the submit page's links). */
export function useFocusFromHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (ready && hash.startsWith('#field-')) focusBox(decodeURIComponent(hash.slice(1)));
  }, [ready, hash]);
}

interface Common {
  name: string;
  label: string;
  description?: string;
  error?: string;
  isRequired?: boolean;
  isReadOnly?: boolean;
}

function Box({ name, children, wide }: { name: string; children: ReactNode; wide?: boolean }) {
  return <div id={fieldId(name)} className={wide ? 'field-box wide' : 'field-box'}>{children}</div>;
}

/** A text field (or a text area with `multiline`). `type` date gives the browser's date input (YYYY-MM-DD). */
export function TextInput({ name, label, description, error, value, onChange, multiline, type = 'text', isRequired, isReadOnly, autoComplete }: Common & {
  value: string; onChange: (v: string) => void; multiline?: boolean; type?: 'text' | 'email' | 'url' | 'date'; autoComplete?: string;
}) {
  return (
    <Box name={name} wide={multiline}>
      <TextField className="field" name={name} value={value} onChange={onChange} type={type} isRequired={isRequired} isReadOnly={isReadOnly}
        isInvalid={error ? true : undefined} autoComplete={autoComplete}>
        <Label>{label}{isRequired ? <span className="required" aria-hidden="true"> *</span> : null}</Label>
        {multiline ? <TextArea rows={3} /> : <Input />}
        {description ? <Text slot="description" className="field-hint">{description}</Text> : null}
        <FieldError className="field-error">{error}</FieldError>
      </TextField>
    </Box>
  );
}

/** A percentage, 0 to 100 (null when empty). */
export function PercentInput({ name, label, description, error, value, onChange, isRequired }: Common & { value: number | null; onChange: (v: number | null) => void }) {
  return (
    <Box name={name}>
      <NumberField className="field" name={name} value={value ?? Number.NaN} onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
        minValue={0} maxValue={100} step={0.01} isRequired={isRequired} isInvalid={error ? true : undefined} formatOptions={{ maximumFractionDigits: 2 }}>
        <Label>{label}{isRequired ? <span className="required" aria-hidden="true"> *</span> : null}</Label>
        <Input inputMode="decimal" />
        {description ? <Text slot="description" className="field-hint">{description}</Text> : null}
        <FieldError className="field-error">{error}</FieldError>
      </NumberField>
    </Box>
  );
}

/** A country, chosen by typing its name (ISO 3166-1 alpha-2 code underneath). */
export function CountryInput({ name, label, description, error, value, onChange, isRequired }: Common & { value: string | null; onChange: (v: string | null) => void }) {
  return (
    <Box name={name}>
      <ComboBox className="field combo" name={name} selectedKey={value} onSelectionChange={(k: Key | null) => onChange(k === null ? null : String(k))}
        defaultItems={COUNTRIES} isRequired={isRequired} isInvalid={error ? true : undefined} menuTrigger="focus">
        <Label>{label}{isRequired ? <span className="required" aria-hidden="true"> *</span> : null}</Label>
        <div className="combo-input">
          <Input />
          <Button className="combo-button" aria-label={`Show countries for ${label}`}><span aria-hidden="true">▾</span></Button>
        </div>
        {description ? <Text slot="description" className="field-hint">{description}</Text> : null}
        <FieldError className="field-error">{error}</FieldError>
        <Popover className="combo-popover">
          <ListBox className="combo-list">
            {(c: (typeof COUNTRIES)[number]) => <ListBoxItem id={c.code} className="combo-item" textValue={c.name}>{c.name}</ListBoxItem>}
          </ListBox>
        </Popover>
      </ComboBox>
    </Box>
  );
}

/** Several countries: add one at a time by name, remove with the tag's button (or Delete/Backspace). */
export function CountriesInput({ name, label, description, error, value, onChange, isRequired }: Common & { value: string[]; onChange: (v: string[]) => void }) {
  const [adding, setAdding] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  // The same list while the chosen ones stay the same: a re-render of the page (a draft saved) keeps an open list open.
  const choices = useMemo(() => COUNTRIES.filter((c) => !value.includes(c.code)), [value]);
  return (
    <Box name={name} wide>
      <div className="field">
        <ComboBox key={key} className="field combo" selectedKey={adding} aria-describedby={error ? `${fieldId(name)}-error` : undefined}
          onSelectionChange={(k: Key | null) => {
            if (k === null) return setAdding(null);
            if (!value.includes(String(k))) onChange([...value, String(k)]);
            setAdding(null);
            setKey((n) => n + 1); // a fresh, empty input for the next country
          }}
          defaultItems={choices} menuTrigger="focus" isInvalid={error ? true : undefined}>
          <Label>{label}{isRequired ? <span className="required" aria-hidden="true"> *</span> : null}</Label>
          <div className="combo-input">
            <Input placeholder="Type a country's name" />
            <Button className="combo-button" aria-label={`Show countries for ${label}`}><span aria-hidden="true">▾</span></Button>
          </div>
          {description ? <Text slot="description" className="field-hint">{description}</Text> : null}
          <Popover className="combo-popover">
            <ListBox className="combo-list">
              {(c: (typeof COUNTRIES)[number]) => <ListBoxItem id={c.code} className="combo-item" textValue={c.name}>{c.name}</ListBoxItem>}
            </ListBox>
          </Popover>
        </ComboBox>
        <TagGroup className="tags" aria-label={`${label}: chosen`} onRemove={(keys) => onChange(value.filter((c) => !keys.has(c)))}>
          <TagList className="tag-list" renderEmptyState={() => <span className="empty">None chosen yet.</span>}>
            {value.map((code) => (
              <Tag key={code} id={code} className="tag" textValue={countryName(code)}>
                {countryName(code)}
                <Button slot="remove" className="tag-remove" aria-label={`Remove ${countryName(code)}`}><span aria-hidden="true">×</span></Button>
              </Tag>
            ))}
          </TagList>
        </TagGroup>
        {error ? <p className="field-error" id={`${fieldId(name)}-error`}>{error}</p> : null}
      </div>
    </Box>
  );
}

export function CheckboxInput({ name, label, value, onChange }: Pick<Common, 'name' | 'label'> & { value: boolean; onChange: (v: boolean) => void }) {
  return (
    <Box name={name} wide>
      <Checkbox className="checkbox" name={name} isSelected={value} onChange={onChange}>
        <span className="checkbox-box" aria-hidden="true" />
        {label}
      </Checkbox>
    </Box>
  );
}

/**
 * A button whose page usually changes on success (save and continue, submit, remove). It says it is busy in
 * its own words; React Aria's `isPending` is not used here because its live announcement refers to the
 * button by id and outlives it once the page moves on (a nameless image in the live region).
 */
export function BusyButton({ busy, busyLabel, children, className = 'button button-primary', type = 'button', onPress, label }: {
  busy: boolean; busyLabel: string; children: ReactNode; className?: string; type?: 'button' | 'submit'; onPress?: () => void; label?: string;
}) {
  return (
    <Button className={className} type={type} aria-label={label} aria-disabled={busy || undefined} data-busy={busy || undefined}
      onPress={busy ? undefined : onPress}>
      {busy ? <><span className="spinner" aria-hidden="true" />{busyLabel}</> : children}
    </Button>
  );
}
