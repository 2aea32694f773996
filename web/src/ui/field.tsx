import { FieldError, Input, Label, TextField, type TextFieldProps } from 'react-aria-components';

/** A labelled text input with its error (React Aria: label, description and error are wired for screen readers). */
export function Field({ label, ...props }: TextFieldProps & { label: string }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      <Input />
      <FieldError className="field-error" />
    </TextField>
  );
}
