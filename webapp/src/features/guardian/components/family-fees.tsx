// On the family home: the fees the guardian's children owe, one line per event, each child ticked, and one
// Checkout for all the ticked children together (forUserIds). Stripe sends the guardian back here
// (/guardian?event=…&payment=success|cancelled): FamilyPaymentReturn says how it went, waiting for the webhook when
// it has not arrived yet. First names only; a waiver reads "No payment needed", as the child would read it.
import { useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import type { GuardianChild, GuardianChildReply } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { listNames } from '../../../components/answers-sheet/answers-sheet';
import { formatFee, PaymentNotice, paymentMessages } from '../../../components/payment/payment-status';
import { toastError } from '../../../components/toast-store';
import { defineMessages, translate, useT } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { detailTime, longDateTime, viewerTimeZone } from '../../../lib/dates';
import { guardianKeys } from '../../../lib/guardian-children';
import { useCheckout, usePaymentReturn, useRefreshWhile } from '../../../lib/payments';
import { firstName } from './guardian-messages';
import styles from './guardian.module.css';

const messages = defineMessages({
  title: { id: 'web.payments.family.title', defaultMessage: 'Fees to pay' },
  intro: {
    id: 'web.payments.family.intro',
    defaultMessage: 'Tick the children to pay for: one payment covers them all.',
  },
  heldUntil: { id: 'web.payments.family.heldUntil', defaultMessage: 'Places held until {time}' },
  pay: { id: 'web.payments.family.pay', defaultMessage: 'Pay {amount}' },
  payFor: { id: 'web.payments.family.payFor', defaultMessage: 'Pay {amount} for {names}: {event}' },
  returnCancelled: {
    id: 'web.payments.family.returnCancelled',
    defaultMessage: 'Payment cancelled — the places are held until {time}',
  },
});

const HOLDS_PLACE = new Set(['attending', 'awaiting_payment']);
const holdTime = (dueBy: string) => detailTime(dueBy, viewerTimeZone());

/** A child's reply whose fee can be paid now: due, waiting on an earlier checkout, or refunded and back in. */
const payable = (reply: GuardianChildReply) =>
  reply.payment !== null &&
  (reply.payment.status === 'owed' ||
    reply.payment.status === 'pending' ||
    (reply.payment.status === 'refunded' && HOLDS_PLACE.has(reply.status)));

interface Owing {
  eventId: number;
  name: string;
  date: string;
  children: Array<{ id: number; name: string; reply: GuardianChildReply }>;
}

/** The events with something to pay, soonest first, each with the children who owe for it. */
function owingByEvent(family: GuardianChild[]): Owing[] {
  const byEvent = new Map<number, Owing>();
  for (const child of family) {
    for (const reply of child.upcoming) {
      if (!payable(reply)) continue;
      const entry = byEvent.get(reply.eventId) ?? {
        eventId: reply.eventId,
        name: reply.name,
        date: reply.date,
        children: [],
      };
      entry.children.push({ id: child.id, name: firstName(child.name), reply });
      byEvent.set(reply.eventId, entry);
    }
  }
  return [...byEvent.values()].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

const earliest = (dates: Array<string | undefined>) =>
  dates.filter((date): date is string => Boolean(date)).sort((a, b) => Date.parse(a) - Date.parse(b))[0];

function EventFees({ owing, onExternal }: { owing: Owing; onExternal: () => void }) {
  const t = useT();
  const checkout = useCheckout(owing.eventId);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const chosen = owing.children.filter((child) => !unticked.has(child.id));
  const first = owing.children[0]!.reply.payment!;
  // Integers in minor units: the fee × the children ticked.
  const total = formatFee(first.amount * chosen.length, first.currency);
  const due = earliest(owing.children.map((child) => child.reply.payment?.dueBy));
  const names = listNames(chosen.map((child) => child.name));
  const toggle = (id: number) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const pay = () =>
    checkout.mutate(
      chosen.map((child) => child.id),
      {
        onSuccess: (opened) => opened === 'external' && onExternal(),
        onError: (error) =>
          toastError(
            translate(paymentMessages.payFailed),
            error instanceof ApiError && error.serverMessage ? error.serverMessage : errorMessage(error),
          ),
      },
    );
  return (
    <li className={`${styles.item} ${styles.fees}`}>
      <span className={styles.itemText}>
        <strong>{owing.name}</strong>
        <span className="muted">{longDateTime(owing.date)}</span>
        {due && <span>{t(messages.heldUntil, { time: holdTime(due) })}</span>}
      </span>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">{owing.name}</legend>
        {owing.children.map((child) => (
          <label key={child.id} className={styles.choice}>
            <input type="checkbox" checked={!unticked.has(child.id)} onChange={() => toggle(child.id)} />
            <span>
              <strong>{child.name}</strong>
              <span className="muted">{formatFee(child.reply.payment!.amount, child.reply.payment!.currency)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button
        block
        disabled={chosen.length === 0 || checkout.isPending}
        onClick={pay}
        aria-label={chosen.length ? t(messages.payFor, { amount: total, names, event: owing.name }) : undefined}
      >
        <Wallet size={18} aria-hidden="true" />
        {t(checkout.isPending ? paymentMessages.opening : messages.pay, { amount: total })}
      </Button>
    </li>
  );
}

/** After Stripe's page: paid, still waiting for the provider (refreshing the children a few times), or cancelled. */
export function FamilyPaymentReturn({ family }: { family: GuardianChild[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { returned, eventId } = usePaymentReturn();
  const replies = family.flatMap((child) => child.upcoming).filter((reply) => reply.eventId === eventId);
  const paid = replies.some((reply) => reply.payment?.status === 'paid');
  const waiting = returned === 'success' && (!paid || replies.some((reply) => reply.payment?.status === 'pending'));
  const refresh = () => queryClient.refetchQueries({ queryKey: guardianKeys.children(), exact: true });
  const gaveUp = useRefreshWhile(waiting, refresh);
  if (returned === 'success') {
    if (!waiting) return <PaymentNotice tone="success">{t(paymentMessages.returnPaid)}</PaymentNotice>;
    return (
      <PaymentNotice tone="waiting">
        {t(gaveUp ? paymentMessages.returnSlow : paymentMessages.returnWaiting)}
      </PaymentNotice>
    );
  }
  if (returned !== 'cancelled') return null;
  const due = earliest(replies.map((reply) => reply.payment?.dueBy));
  return (
    <PaymentNotice tone="info">
      {due ? t(messages.returnCancelled, { time: holdTime(due) }) : t(paymentMessages.returnCancelledNoHold)}
    </PaymentNotice>
  );
}

export function FamilyFees({ family }: { family: GuardianChild[] }) {
  const t = useT();
  const queryClient = useQueryClient();
  // Inside Telegram Stripe opened in the phone's browser: the family page waits here for the confirmation.
  const [external, setExternal] = useState(false);
  const owing = owingByEvent(family.filter((child) => !child.awaitingVerification));
  const refresh = () => queryClient.refetchQueries({ queryKey: guardianKeys.children(), exact: true });
  useRefreshWhile(external && owing.length > 0, refresh, 3_000, 60);
  if (owing.length === 0) return null;
  return (
    <Card title={t(messages.title)} labelledBy="family-fees-title">
      {external && <PaymentNotice tone="waiting">{t(paymentMessages.external)}</PaymentNotice>}
      <p className="muted">{t(messages.intro)}</p>
      <ul className={styles.list}>
        {owing.map((entry) => (
          <EventFees key={entry.eventId} owing={entry} onExternal={() => setExternal(true)} />
        ))}
      </ul>
    </Card>
  );
}
