// Admin → Payments, for the treasurer: every payment and refund between two days, newest first, with amounts in
// the reader's language and totals per currency (counted in minor units, never floats), and the same range as
// CSV. A table on a wide screen; on a phone each entry is a card of labelled lines.
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '../../../../../shared/money';
import type { PaymentLedgerEntry, PaymentMethod, PaymentStatus } from '../../../../../shared/types/payments';
import { buttonClass } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { defineMessages, intlLocale, useT, type MessageDescriptor } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { shortDate } from '../../../lib/dates';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { paymentsCsvUrl, usePaymentsLedger, type LedgerRange } from '../api/payments';
import styles from './payments-tab.module.css';

const messages = defineMessages({
  title: { id: 'web.admin.payments.title', defaultMessage: 'Payments' },
  from: { id: 'web.admin.payments.from', defaultMessage: 'From' },
  to: { id: 'web.admin.payments.to', defaultMessage: 'To' },
  download: { id: 'web.admin.payments.download', defaultMessage: 'Download CSV' },
  loading: { id: 'web.admin.payments.loading', defaultMessage: 'Loading payments' },
  empty: { id: 'web.admin.payments.empty', defaultMessage: 'No payments or refunds in these days.' },
  listLabel: { id: 'web.admin.payments.listLabel', defaultMessage: 'Payments and refunds, newest first' },
  date: { id: 'web.admin.payments.date', defaultMessage: 'Date' },
  event: { id: 'web.admin.payments.event', defaultMessage: 'Event' },
  member: { id: 'web.admin.payments.member', defaultMessage: 'Member' },
  what: { id: 'web.admin.payments.what', defaultMessage: 'What' },
  amount: { id: 'web.admin.payments.amount', defaultMessage: 'Amount' },
  note: { id: 'web.admin.payments.note', defaultMessage: 'Note' },
  formerMember: { id: 'web.admin.payments.formerMember', defaultMessage: 'Former member' },
  refund: { id: 'web.admin.payments.refund', defaultMessage: 'Refund' },
  totalsLabel: { id: 'web.admin.payments.totalsLabel', defaultMessage: 'Totals' },
  received: { id: 'web.admin.payments.received', defaultMessage: 'Received' },
  refunded: { id: 'web.admin.payments.refunded', defaultMessage: 'Refunded' },
  net: { id: 'web.admin.payments.net', defaultMessage: 'Kept' },
  rangeInvalid: {
    id: 'web.admin.payments.rangeInvalid',
    defaultMessage: 'Pick a first day that is not after the last one.',
  },
});

const methodWords: Record<PaymentMethod, MessageDescriptor> = defineMessages({
  cash: { id: 'web.admin.payments.methodCash', defaultMessage: 'Cash' },
  bank_transfer: { id: 'web.admin.payments.methodBankTransfer', defaultMessage: 'Bank transfer' },
  waived: { id: 'web.admin.payments.methodWaived', defaultMessage: 'Waived' },
  stripe: { id: 'web.admin.payments.methodOnline', defaultMessage: 'Online' },
});

const statusWords: Record<PaymentStatus, MessageDescriptor> = defineMessages({
  owed: { id: 'web.admin.payments.statusOwed', defaultMessage: 'Owed' },
  pending: { id: 'web.admin.payments.statusPending', defaultMessage: 'Paying online' },
  paid: { id: 'web.admin.payments.statusPaid', defaultMessage: 'Paid' },
  waived: { id: 'web.admin.payments.statusWaived', defaultMessage: 'Waived' },
  refunded: { id: 'web.admin.payments.statusRefunded', defaultMessage: 'Refunded' },
});

// A refund's note is why it was made (the server's reason); known reasons read in words.
const refundReasonWords: Record<string, MessageDescriptor> = defineMessages({
  manual: { id: 'web.admin.payments.reasonManual', defaultMessage: 'By an organiser' },
  cancelled: { id: 'web.admin.payments.reasonCancelled', defaultMessage: 'The member cancelled in time' },
  event_deleted: { id: 'web.admin.payments.reasonEventDeleted', defaultMessage: 'The event was deleted' },
});

/** A calendar day (YYYY-MM-DD) of the viewer's own calendar. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The last twelve months, today included: the server's own default. */
function lastYear(): LedgerRange {
  const today = new Date();
  const start = new Date(today.getFullYear() - 1, today.getMonth(), today.getDate() + 1);
  return { from: dayOf(start), to: dayOf(today) };
}

interface CurrencyTotals {
  received: number;
  refunded: number;
}

/** Per currency: what came in (payments that were paid, refunded ones included) and what went back. */
export function ledgerTotals(entries: readonly PaymentLedgerEntry[]): Map<string, CurrencyTotals> {
  const totals = new Map<string, CurrencyTotals>();
  for (const entry of entries) {
    const sums = totals.get(entry.currency) ?? { received: 0, refunded: 0 };
    if (entry.kind === 'refund') sums.refunded += entry.amount;
    else if (entry.status === 'paid' || entry.status === 'refunded') sums.received += entry.amount;
    totals.set(entry.currency, sums);
  }
  return totals;
}

function Totals({ entries }: { entries: readonly PaymentLedgerEntry[] }) {
  const t = useT();
  const language = intlLocale();
  return (
    <div className={styles.totals} role="group" aria-label={t(messages.totalsLabel)}>
      {[...ledgerTotals(entries)].map(([currency, sums]) => (
        <dl key={currency}>
          <div>
            <dt>{t(messages.received)}</dt>
            <dd>{formatMoney(sums.received, currency, language)}</dd>
          </div>
          <div>
            <dt>{t(messages.refunded)}</dt>
            <dd>{formatMoney(sums.refunded, currency, language)}</dd>
          </div>
          <div>
            <dt>{t(messages.net)}</dt>
            <dd>{formatMoney(sums.received - sums.refunded, currency, language)}</dd>
          </div>
        </dl>
      ))}
    </div>
  );
}

function EntryRow({ entry }: { entry: PaymentLedgerEntry }) {
  const t = useT();
  const language = intlLocale();
  const what =
    entry.kind === 'refund'
      ? t(messages.refund)
      : [entry.method && t(methodWords[entry.method]), entry.status && t(statusWords[entry.status])]
          .filter(Boolean)
          .filter((word, index, words) => words.indexOf(word) === index)
          .join(' · ');
  const reason = entry.kind === 'refund' && entry.note ? refundReasonWords[entry.note] : undefined;
  const note = reason ? t(reason) : entry.note;
  const amount = formatMoney(entry.kind === 'refund' ? -entry.amount : entry.amount, entry.currency, language);
  return (
    <tr>
      <td data-label={t(messages.date)}>
        <time dateTime={entry.at}>{shortDate(entry.at)}</time>
      </td>
      <td data-label={t(messages.event)}>
        <Link to={paths.event(entry.eventId)}>{entry.eventName}</Link>
      </td>
      <td data-label={t(messages.member)}>{entry.memberName ?? t(messages.formerMember)}</td>
      <td data-label={t(messages.what)}>{what}</td>
      <td data-label={t(messages.amount)} className={styles.amount}>
        {amount}
      </td>
      <td data-label={t(messages.note)} className={note ? '' : styles.empty}>
        {note}
      </td>
    </tr>
  );
}

export function PaymentsTab() {
  const t = useT();
  const [range, setRange] = useState<LedgerRange>(lastYear);
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const ledger = usePaymentsLedger(range);
  const entries = ledger.data ?? [];
  return (
    <Card
      title={t(messages.title)}
      labelledBy="payments-title"
      actions={
        valid && (
          <a className={buttonClass({ variant: 'secondary', size: 'small' })} href={paymentsCsvUrl(range)} download>
            <Download size={16} aria-hidden="true" />
            {t(messages.download)}
          </a>
        )
      }
    >
      <div className={styles.toolbar}>
        <Field label={t(messages.from)} error={valid ? null : t(messages.rangeInvalid)}>
          <input
            type="date"
            value={range.from}
            max={range.to}
            onChange={(event) => setRange({ ...range, from: event.target.value })}
          />
        </Field>
        <Field label={t(messages.to)}>
          <input
            type="date"
            value={range.to}
            min={range.from}
            onChange={(event) => setRange({ ...range, to: event.target.value })}
          />
        </Field>
      </div>
      {ledger.isPending && <Skeleton label={t(messages.loading)} shape="lines" />}
      {ledger.isError && <p role="alert">{errorMessage(ledger.error)}</p>}
      {ledger.isSuccess && entries.length === 0 && <p className="muted">{t(messages.empty)}</p>}
      {entries.length > 0 && (
        <>
          <Totals entries={entries} />
          <div className="table-wrap">
            <table className={styles.table} aria-label={t(messages.listLabel)}>
              <thead>
                <tr>
                  <th scope="col">{t(messages.date)}</th>
                  <th scope="col">{t(messages.event)}</th>
                  <th scope="col">{t(messages.member)}</th>
                  <th scope="col">{t(messages.what)}</th>
                  <th scope="col">{t(messages.amount)}</th>
                  <th scope="col">{t(messages.note)}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <EntryRow key={`${entry.kind}-${entry.id}`} entry={entry} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
