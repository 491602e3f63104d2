// The fee on the RSVP card of an event that has one: what it costs each person and when it is due (to confirm the
// place, or later), the member's own payment (due, in progress, paid, no payment needed, refunded), "Pay now" to
// Stripe's page, and what happened when they come back from it (?payment=success|cancelled). A webhook may reach
// the server after the member: the card then waits for it, refreshing the event a few times.
import { useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { formatFee, PaymentBadge, PaymentNotice, paymentMessages } from '../../../../components/payment/payment-status';
import { toastError } from '../../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../../i18n';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { detailTime, viewerTimeZone } from '../../../../lib/dates';
import { useCheckout, usePaymentReturn, useRefreshWhile } from '../../../../lib/payments';
import { eventKeys } from '../../api/keys';
import styles from './rsvp-card.module.css';

const messages = defineMessages({
  fee: { id: 'web.payments.member.fee', defaultMessage: '{amount} per person' },
  payToConfirm: { id: 'web.payments.member.payToConfirm', defaultMessage: 'Pay online to confirm your place.' },
  payLater: {
    id: 'web.payments.member.payLater',
    defaultMessage: 'Your place is confirmed when you reply; pay before the event.',
  },
  payBy: { id: 'web.payments.member.payBy', defaultMessage: 'Pay by {time} to keep your place.' },
  returnCancelled: {
    id: 'web.payments.member.returnCancelled',
    defaultMessage: 'Payment cancelled — your place is held until {time}',
  },
});

const HOLDS_PLACE = new Set(['attending', 'awaiting_payment']);
const holdTime = (dueBy: string) => detailTime(dueBy, viewerTimeZone());

/** "Pay now" for the card and Telegram's MainButton alike: one checkout at a time. */
export function usePayNow(event: EventDetail) {
  const checkout = useCheckout(event.id);
  // Inside Telegram Stripe opened in the phone's browser: the Mini App waits here for the confirmation.
  const [external, setExternal] = useState(false);
  const payment = event.myPayment;
  const canPay = Boolean(
    event.fee &&
      payment &&
      (payment.status === 'owed' ||
        payment.status === 'pending' ||
        // Refunded and back in: the fee is owed again.
        (payment.status === 'refunded' && HOLDS_PLACE.has(event.myStatus))),
  );
  const pay = () =>
    checkout.mutate(undefined, {
      onSuccess: (opened) => setExternal(opened === 'external'),
      onError: (error) =>
        toastError(
          translate(paymentMessages.payFailed),
          error instanceof ApiError && error.serverMessage ? error.serverMessage : errorMessage(error),
        ),
    });
  return { canPay, pay, busy: checkout.isPending, external };
}

export type PayNow = ReturnType<typeof usePayNow>;

export function PaymentPanel({ event, payNow }: { event: EventDetail; payNow: PayNow }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { returned } = usePaymentReturn();
  const payment = event.myPayment ?? null;
  const paid = payment?.status === 'paid';
  const settled = paid || payment?.status === 'waived';
  const refresh = () => queryClient.refetchQueries({ queryKey: eventKeys.detail(event.id), exact: true });
  // Back from a paid checkout, or paying in Telegram's outside browser: refreshed until the webhook has said so.
  const waiting = (returned === 'success' || payNow.external) && !paid;
  const gaveUp = useRefreshWhile(waiting, refresh, payNow.external ? 3_000 : 2_000, payNow.external ? 60 : 15);
  if (!event.fee) return null;
  const fee = formatFee(event.fee.amount, event.fee.currency);
  // A cancelled checkout leaves its session open at Stripe for a while: to the member it is simply still due.
  const shown =
    returned === 'cancelled' && payment?.status === 'pending' ? { ...payment, status: 'owed' as const } : payment;
  return (
    <div className={styles.payment} data-testid="rsvp-payment">
      {returned === 'success' &&
        (paid ? (
          <PaymentNotice tone="success">{t(paymentMessages.returnPaid)}</PaymentNotice>
        ) : (
          <PaymentNotice tone="waiting">
            {t(gaveUp ? paymentMessages.returnSlow : paymentMessages.returnWaiting)}
          </PaymentNotice>
        ))}
      {returned === 'cancelled' && !paid && (
        <PaymentNotice tone="info">
          {payment?.dueBy
            ? t(messages.returnCancelled, { time: holdTime(payment.dueBy) })
            : t(paymentMessages.returnCancelledNoHold)}
        </PaymentNotice>
      )}
      {payNow.external && returned === null && !paid && (
        <PaymentNotice tone="waiting">{t(paymentMessages.external)}</PaymentNotice>
      )}
      <p className={styles.fee}>
        <Wallet size={18} aria-hidden="true" />
        <span>
          <strong>{t(messages.fee, { amount: fee })}</strong>
          {/* When and how to pay, until it is settled. */}
          {!settled && (
            <span className="muted">
              {' '}
              {t(event.paymentMode === 'pay_to_confirm' ? messages.payToConfirm : messages.payLater)}
            </span>
          )}
        </span>
      </p>
      {shown && (
        <p className={styles.paymentState}>
          <PaymentBadge payment={shown} />
          {shown.dueBy && shown.status !== 'paid' && (
            <span className="muted">{t(messages.payBy, { time: holdTime(shown.dueBy) })}</span>
          )}
        </p>
      )}
      {payNow.canPay && (
        <Button block disabled={payNow.busy} onClick={payNow.pay}>
          <Wallet size={18} aria-hidden="true" />
          {t(payNow.busy ? paymentMessages.opening : paymentMessages.payNow)}
        </Button>
      )}
    </div>
  );
}
