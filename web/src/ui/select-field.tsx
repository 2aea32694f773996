import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';

export interface Option {
  id: string;
  label: string;
}

/** A labelled single-choice list (React Aria Select): a button showing the choice, a popover listing the options. */
export function SelectField({ label, value, onChange, options, name, isRequired }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  name?: string;
  isRequired?: boolean;
}) {
  return (
    <Select className="field select" name={name} isRequired={isRequired} value={value} onChange={(key) => onChange(key === null ? '' : String(key))}>
      <Label>{label}</Label>
      <Button className="select-button">
        <SelectValue />
        <span className="select-arrow" aria-hidden="true">▾</span>
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
