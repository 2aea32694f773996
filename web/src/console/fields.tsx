import type { ReactNode } from 'react';
import {
  Button, Dialog, DialogTrigger, FieldError, Heading, Input, Label, ListBox, ListBoxItem, Modal, ModalOverlay, Popover, Select,
  SelectValue, Text, TextArea, TextField, type TextFieldProps,
} from 'react-aria-components';

/** A labelled text input with a hint under it and its error (the hint is the field's description for screen readers). */
export function HintedField({ label, hint, ...props }: TextFieldProps & { label: string; hint: string }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      <Input />
      <Text slot="description" className="field-hint">{hint}</Text>
      <FieldError className="field-error" />
    </TextField>
  );
}

/** A labelled multi-line text field (notes, reasons) with its error. */
export function AreaField({ label, hint, ...props }: TextFieldProps & { label: string; hint?: string }) {
  return (
    <TextField className="field" {...props}>
      <Label>{label}</Label>
      <TextArea rows={3} />
      {hint ? <Text slot="description" className="field-hint">{hint}</Text> : null}
      <FieldError className="field-error" />
    </TextField>
  );
}

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

/**
 * A button that opens a modal dialog (React Aria: focus moves in and is trapped, Escape and a click
 * outside close it, focus returns to the button). `isOpen`/`onOpenChange` let a form close it when done.
 */
export function DialogButton({ label, className = 'button', title, isOpen, onOpenChange, children }: {
  label: string;
  className?: string;
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className={className}>{label}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog">
            <Heading slot="title" className="dialog-title">{title}</Heading>
            {children}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

/** The buttons at the foot of a dialog's form: Cancel and the submit button. */
export function DialogButtons({ submit, pending, onCancel }: { submit: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="dialog-buttons">
      <Button className="button" onPress={onCancel}>Cancel</Button>
      <Button className="button button-primary" type="submit" isPending={pending}>{submit}</Button>
    </div>
  );
}
