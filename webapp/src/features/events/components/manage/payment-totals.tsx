// The organisers' totals of an event's payments, above its attendee tables: how many members paid, owe, were
// waived or refunded, and the money kept (paid minus refunded) in the reader's language.
import { formatMoney } from '../../../../../../shared/money';
import type { EventFee, PaymentTotals as Totals } from '../../../../../../shared/types/payments';
import { defineMessages, intlLocale, useT } from '../../../../i18n';
import styles from './payment-actions.module.css';
import { paymentStatusWords } from './payment-messages';

const messages = defineMessages({
  label: { id: 'web.payments.attendees.totalsLabel', defaultMessage: 'Payments' },
  fee: { id: 'web.payments.attendees.fee', defaultMessage: 'Fee' },
  kept: { id: 'web.payments.attendees.kept', defaultMessage: 'Collected' },
});

export function PaymentTotals({ fee, totals }: { fee: EventFee; totals: Totals }) {
  const t = useT();
  const language = intlLocale();
  const count = (value: number) => new Intl.NumberFormat(language).format(value);
  const figures = [
    [t(messages.fee), formatMoney(fee.amount, fee.currency, language)],
    [t(paymentStatusWords.paid), count(totals.paid)],
    [t(paymentStatusWords.owed), count(totals.owed)],
    [t(paymentStatusWords.waived), count(totals.waived)],
    [t(paymentStatusWords.refunded), count(totals.refunded)],
    [t(messages.kept), formatMoney(totals.total, fee.currency, language)],
  ];
  return (
    <dl className={styles.totals} aria-label={t(messages.label)}>
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
