// Dialog (Radix): focus trap, Escape, labelled by its title. ConfirmDialog builds on the same look with
// Radix AlertDialog; both export the class names so their parts match.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Button } from '../button/button';
import { useT } from '../../i18n';
import { commonMessages } from '../common-messages';
import styles from './dialog.module.css';

export const dialogStyles = styles;

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Runs once the dialog has closed and given focus back (a dialog that hands on to another opens it here). */
  afterClose?: () => void;
}

/**
 * Radix gives focus back only to a Dialog.Trigger; our dialogs open from buttons of their own, so closing
 * (Escape, Close, Cancel) returns it to whatever had it when the dialog opened, as WAI-ARIA's dialog pattern
 * asks. Spread onto a Radix Dialog's or AlertDialog's Content.
 */
export function useFocusReturn(afterClose?: () => void) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
      afterClose?.();
    },
  };
}

export function Dialog({ open, onOpenChange, title, description, children, className = '', afterClose }: DialogProps) {
  const focusReturn = useFocusReturn(afterClose);
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.content} ${className}`}
          {...focusReturn}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close asChild>
            <Button variant="ghost" size="small" className={styles.close} aria-label={t(commonMessages.close)}>
              <X size={18} aria-hidden="true" />
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
