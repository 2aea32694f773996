import { useId, type ReactNode } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';

/** A checkbox with a visible box (React Aria Checkbox), and an optional description under it. */
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
