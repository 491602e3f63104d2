// A keyboard-usable confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels, and closing gives
// focus back to the button that opened it.
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button/button';
import { dialogStyles, useFocusReturn } from './dialog/dialog';
import { useT } from '../i18n';
import { commonMessages } from './common-messages';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** The confirm button waits for something (a typed name); Cancel always works. */
  confirmDisabled?: boolean;
  /** danger (the default) for what removes or stops; primary for a change that takes nothing away. */
  tone?: 'danger' | 'primary';
  /** Fields asked with the confirmation (an optional reason), between the text and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const focusReturn = useFocusReturn();
  const t = useT();
  return (
    <AlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogStyles.overlay} />
        <AlertDialog.Content className={dialogStyles.content} {...focusReturn}>
          <AlertDialog.Title className={dialogStyles.title}>{props.title}</AlertDialog.Title>
          <AlertDialog.Description className={dialogStyles.description}>{props.description}</AlertDialog.Description>
          {props.children}
          <div className={dialogStyles.actions}>
            <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })}>
              {t(commonMessages.cancel)}
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass({ variant: props.tone ?? 'danger' })}
              disabled={props.busy || props.confirmDisabled}
              onClick={(event) => {
                // Keep the dialog up while the action runs; the caller closes it.
                event.preventDefault();
                props.onConfirm();
              }}
            >
              {props.busy ? (props.busyLabel ?? props.confirmLabel) : props.confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
