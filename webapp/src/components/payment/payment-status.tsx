// A member's payment for an event in words, wherever it is shown: the fee in the reader's language (from whole
// minor units, shared/money.ts), the status as a badge (a waiver reads "No payment needed", to the member and
// their guardians alone), and the notice after coming back from the payment page.
import { CircleCheck, Clock, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../../shared/money';
import type { MyPayment, PaymentStatus } from '../../../../shared/types/payments';
import { defineMessages, intlLocale, useT, type MessageDescriptor } from '../../i18n';
import { Badge, type BadgeTone } from '../badge/badge';
import styles from './payment.module.css';

export const paymentMessages = defineMessages({
  owed: { id: 'web.payments.member.owed', defaultMessage: 'Payment due' },
  pending: { id: 'web.payments.member.pending', defaultMessage: 'Payment in progress' },
  paid: { id: 'web.payments.member.paid', defaultMessage: 'Paid' },
  waived: { id: 'web.payments.member.waived', defaultMessage: 'No payment needed' },
  refunded: { id: 'web.payments.member.refunded', defaultMessage: 'Refunded' },
  payNow: { id: 'web.payments.member.payNow', defaultMessage: 'Pay now' },
  opening: { id: 'web.payments.member.opening', defaultMessage: 'Opening the payment page…' },
  payFailed: { id: 'web.payments.member.payFailed', defaultMessage: 'Could not start the payment' },
  returnPaid: { id: 'web.payments.member.returnPaid', defaultMessage: 'Payment received — thank you' },
  returnWaiting: {
    id: 'web.payments.member.returnWaiting',
    defaultMessage: 'Waiting for confirmation from the payment provider',
  },
  returnSlow: {
    id: 'web.payments.member.returnSlow',
    defaultMessage: 'The payment provider has not confirmed yet. This can take a few minutes: look again later.',
  },
  returnCancelledNoHold: {
    id: 'web.payments.member.returnCancelledNoHold',
    defaultMessage: 'Payment cancelled. You can pay later from this page.',
  },
  external: {
    id: 'web.payments.member.external',
    defaultMessage: 'Finish paying in your browser. This page updates once the payment is confirmed.',
  },
});

/** The amount in the page's language: €12.50, ¥1,500, KWD 1.250. */
export const formatFee = (amount: number, currency: string) => formatMoney(amount, currency, intlLocale());

const STATUS_LOOK: Record<PaymentStatus, [MessageDescriptor, BadgeTone]> = {
  owed: [paymentMessages.owed, 'warning'],
  pending: [paymentMessages.pending, 'brand'],
  paid: [paymentMessages.paid, 'success'],
  waived: [paymentMessages.waived, 'success'],
  refunded: [paymentMessages.refunded, 'neutral'],
};

export function PaymentBadge({ payment }: { payment: Pick<MyPayment, 'status'> }) {
  const t = useT();
  const [label, tone] = STATUS_LOOK[payment.status];
  return <Badge tone={tone}>{t(label)}</Badge>;
}

export type NoticeTone = 'success' | 'waiting' | 'info';
const NOTICE_ICONS: Record<NoticeTone, LucideIcon> = { success: CircleCheck, waiting: Clock, info: Info };

/** The line after coming back from the payment page; announced politely. */
export function PaymentNotice({ tone, children }: { tone: NoticeTone; children: ReactNode }) {
  const Icon = NOTICE_ICONS[tone];
  return (
    <p className={`${styles.notice} ${styles[tone]}`} role="status" data-testid="payment-notice">
      <Icon size={18} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
