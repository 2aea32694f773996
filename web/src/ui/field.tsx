import type { ReactNode } from 'react';
import { FieldError, Input, Label, Text, TextArea, TextField, type TextFieldProps } from 'react-aria-components';

/**
 * A labelled text field (one line, or several with `multiline`) with an optional hint under it and its error
 * (React Aria: label, hint and error are wired for screen readers; server errors come from the Form's
 * validationErrors by `name`).
 */
export function Field({ label, hint, multiline, ...props }: TextFieldProps & { label: string; hint?: ReactNode; multiline?: boolean }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      {multiline ? <TextArea rows={3} /> : <Input />}
      {hint ? <Text slot="description" className="field-hint">{hint}</Text> : null}
      <FieldError className="field-error" />
    </TextField>
  );
}
