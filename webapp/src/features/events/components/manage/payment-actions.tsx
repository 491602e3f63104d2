// An organiser's payment cell in the attendee table: the member's payment status, and a menu to mark it paid
// (cash or bank transfer, with a note), waive it, undo either, or refund (all, or an amount typed in major units
// and sent as exact minor units). The server checks each again; its refusal is told as it says it.
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { minorToDecimal, parseMoney } from '../../../../../../shared/money';
import { FEE_LIMITS } from '../../../../../../shared/schemas/payments';
import type { Attendee } from '../../../../../../shared/types';
import type { EventFee, PaymentStatus } from '../../../../../../shared/types/payments';
import { Badge } from '../../../../components/badge/badge';
import { Button } from '../../../../components/button/button';
import { Dialog, DialogActions } from '../../../../components/dialog/dialog';
import { Field } from '../../../../components/field/field';
import { Menu, MenuItem } from '../../../../components/menu/menu';
import { toast, toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { usePaymentChange, type PaymentChange } from '../../api/payments';
import { paymentStatusTone, paymentStatusWords } from './payment-messages';
import styles from './payment-actions.module.css';

const messages = defineMessages({
  menu: { id: 'web.payments.attendees.menu', defaultMessage: 'Payment of {name}: {status}' },
  markPaid: { id: 'web.payments.attendees.markPaid', defaultMessage: 'Mark as paid' },
  waive: { id: 'web.payments.attendees.waive', defaultMessage: 'Waive the fee' },
  undo: { id: 'web.payments.attendees.undo', defaultMessage: 'Undo: back to owing' },
  refund: { id: 'web.payments.attendees.refund', defaultMessage: 'Refund' },
  paidTitle: { id: 'web.payments.attendees.paidTitle', defaultMessage: '{name} paid' },
  method: { id: 'web.payments.attendees.method', defaultMessage: 'How' },
  cash: { id: 'web.payments.attendees.cash', defaultMessage: 'Cash' },
  bankTransfer: { id: 'web.payments.attendees.bankTransfer', defaultMessage: 'Bank transfer' },
  note: { id: 'web.payments.attendees.note', defaultMessage: 'Note' },
  noteHint: {
    id: 'web.payments.attendees.noteHint',
    defaultMessage: 'For the treasurer, e.g. a transfer reference. The member does not see it.',
  },
  save: { id: 'web.payments.attendees.save', defaultMessage: 'Save' },
  cancel: { id: 'web.payments.attendees.cancel', defaultMessage: 'Cancel' },
  refundTitle: { id: 'web.payments.attendees.refundTitle', defaultMessage: 'Refund {name}' },
  refundAmount: { id: 'web.payments.attendees.refundAmount', defaultMessage: 'Amount ({currency})' },
  refundHint: {
    id: 'web.payments.attendees.refundHint',
    defaultMessage: 'Empty: everything that is left of the payment.',
  },
  refundInvalid: {
    id: 'web.payments.attendees.refundInvalid',
    defaultMessage: 'Write an amount such as {example}, or leave it empty to refund everything.',
  },
  refundConfirm: { id: 'web.payments.attendees.refundConfirm', defaultMessage: 'Refund' },
  failed: { id: 'web.payments.attendees.failed', defaultMessage: 'The payment was not changed' },
  done: {
    id: 'web.payments.attendees.done',
    defaultMessage:
      '{change, select, paid {Marked {name} as paid} waived {Waived the fee of {name}} undone {{name} owes the fee again} other {Refunded {name}}}',
  },
});

type Dialogs = 'paid' | 'refund' | null;

function MarkPaidDialog({
  name,
  onClose,
  onSave,
}: {
  name: string;
  onClose: () => void;
  onSave: (change: { method: 'cash' | 'bank_transfer'; note?: string }) => void;
}) {
  const t = useT();
  const [method, setMethod] = useState<'cash' | 'bank_transfer'>('cash');
  const [note, setNote] = useState('');
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(messages.paidTitle, { name })}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ method, ...(note.trim() ? { note: note.trim() } : {}) });
        }}
      >
        <fieldset className={styles.methods}>
          <legend>{t(messages.method)}</legend>
          {(['cash', 'bank_transfer'] as const).map((value) => (
            <label key={value} className="checkbox-row">
              <input
                type="radio"
                name="method"
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              <span>{t(value === 'cash' ? messages.cash : messages.bankTransfer)}</span>
            </label>
          ))}
        </fieldset>
        <Field label={t(messages.note)} necessity="optional" hint={t(messages.noteHint)}>
          <textarea
            rows={2}
            maxLength={FEE_LIMITS.noteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </Field>
        <DialogActions>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t(messages.cancel)}
          </Button>
          <Button type="submit">{t(messages.save)}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function RefundDialog({
  name,
  fee,
  onClose,
  onSave,
}: {
  name: string;
  fee: EventFee;
  onClose: () => void;
  onSave: (amount: number | undefined) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t(messages.refundTitle, { name })}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() === '') return onSave(undefined);
          const parsed = parseMoney(text, fee.currency);
          if ('error' in parsed || parsed.amount < 1) return setInvalid(true);
          onSave(parsed.amount);
        }}
      >
        <Field
          label={t(messages.refundAmount, { currency: fee.currency })}
          necessity="optional"
          hint={t(messages.refundHint)}
          error={invalid ? t(messages.refundInvalid, { example: minorToDecimal(fee.amount, fee.currency) }) : null}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setInvalid(false);
            }}
          />
        </Field>
        <DialogActions>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t(messages.cancel)}
          </Button>
          <Button type="submit" variant="danger">
            {t(messages.refundConfirm)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What an organiser may do with a payment in each state (a fully refunded one is history). */
const ACTIONS: Record<PaymentStatus, readonly ('markPaid' | 'waive' | 'undo' | 'refund')[]> = {
  owed: ['markPaid', 'waive'],
  pending: ['markPaid', 'waive'],
  paid: ['refund', 'undo'],
  waived: ['undo'],
  refunded: [],
};

export function PaymentCell({
  eventId,
  fee,
  attendee,
}: {
  eventId: number;
  fee: EventFee;
  attendee: Attendee & { id: number; payment: PaymentStatus };
}) {
  const t = useT();
  const change = usePaymentChange(eventId);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const status = attendee.payment;
  const name = attendee.name;
  const run = (request: PaymentChange, done: 'paid' | 'waived' | 'undone' | 'refunded') => {
    setDialog(null);
    change.mutate(request, {
      onSuccess: () => toast({ title: translate(messages.done, { change: done, name }) }),
      onError: (error) => toastError(translate(messages.failed), errorMessage(error)),
    });
  };
  const badge = <Badge tone={paymentStatusTone[status]}>{t(paymentStatusWords[status])}</Badge>;
  const actions = ACTIONS[status];
  if (actions.length === 0) return badge;
  const userId = attendee.id;
  return (
    <>
      <Menu
        trigger={
          <Button
            variant="ghost"
            size="small"
            disabled={change.isPending}
            aria-label={t(messages.menu, { name, status: t(paymentStatusWords[status]) })}
          >
            {badge}
            <ChevronDown size={16} aria-hidden="true" />
          </Button>
        }
      >
        {actions.includes('markPaid') && <MenuItem onSelect={() => setDialog('paid')}>{t(messages.markPaid)}</MenuItem>}
        {actions.includes('waive') && (
          <MenuItem onSelect={() => run({ kind: 'record', userId, input: { method: 'waived' } }, 'waived')}>
            {t(messages.waive)}
          </MenuItem>
        )}
        {actions.includes('refund') && <MenuItem onSelect={() => setDialog('refund')}>{t(messages.refund)}</MenuItem>}
        {actions.includes('undo') && (
          <MenuItem onSelect={() => run({ kind: 'undo', userId }, 'undone')}>{t(messages.undo)}</MenuItem>
        )}
      </Menu>
      {dialog === 'paid' && (
        <MarkPaidDialog
          name={name}
          onClose={() => setDialog(null)}
          onSave={(input) => run({ kind: 'record', userId, input }, 'paid')}
        />
      )}
      {dialog === 'refund' && (
        <RefundDialog
          name={name}
          fee={fee}
          onClose={() => setDialog(null)}
          onSave={(amount) =>
            run({ kind: 'refund', userId, input: amount === undefined ? {} : { amount } }, 'refunded')
          }
        />
      )}
    </>
  );
}
