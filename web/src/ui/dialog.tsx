// Modal dialogs opened by a button (React Aria: focus moves in and is trapped, Escape and a click outside close
// it, focus returns to the button).
//
// ConfirmButton's confirm button and DialogButtons' submit button are disabled while their request runs rather than
// given React Aria's `isPending`:
// a pending button announces itself through a live-region node labelled by the button's id, and when the button
// then goes away (the dialog closes on success) that node is left without a name for seconds.
import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { RequestError } from '../lib/graphql';
import { ErrorNotice } from './status';

/**
 * A button that opens a modal dialog titled `title`. The content is a node, or a function given `close`;
 * `isOpen`/`onOpenChange` let a form close it when done.
 */
export function DialogButton({ label, className = 'button', title, isOpen, onOpenChange, role, children }: {
  label: string;
  className?: string;
  title: string;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode | ((close: () => void) => ReactNode);
}) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button className={className}>{label}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className="modal">
          <Dialog className="dialog" role={role}>
            {({ close }) => (
              <>
                <Heading slot="title" className="dialog-title">{title}</Heading>
                {typeof children === 'function' ? children(close) : children}
              </>
            )}
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
      <Button className="button button-primary" type="submit" isDisabled={pending}>{submit}</Button>
    </div>
  );
}

/**
 * A button that opens a dialog asking to confirm; `onConfirm` runs the action and resolves to true when it
 * worked (the dialog closes) or false (the dialog stays, showing `error`).
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
    <DialogButton label={label} title={title} role="alertdialog" className={destructive ? 'button button-danger' : 'button'}>
      {(close) => (
        <>
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
    </DialogButton>
  );
}
