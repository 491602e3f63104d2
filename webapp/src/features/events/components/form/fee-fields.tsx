// The fee of the event form: the amount each member pays in major units (12.50), its currency (the
// organisation's for a new fee) and whether paying confirms the place or can come later. An empty amount is a
// free event. The amount's problems are told in words of their own: not a number, too many decimals for the
// currency, or outside what a fee may be.
import { useEffect } from 'react';
import { useController, useFormState, useWatch, type Control } from 'react-hook-form';
import { FEE_LIMITS } from '../../../../../../shared/schemas/payments';
import { formatMoney, isCurrencyCode, minorDigits, minorToDecimal, parseMoney } from '../../../../../../shared/money';
import { Button } from '../../../../components/button/button';
import { Field } from '../../../../components/field/field';
import { defineMessages, intlLocale, useT, type Translate } from '../../../../i18n';
import { useFeeDefaults } from '../../api/payments';
import styles from './event-form.module.css';
import type { FeeDraft, FeeValues } from './fee-values';
import { schemaMessage } from './schema-message';

const messages = defineMessages({
  legend: { id: 'web.payments.form.legend', defaultMessage: 'Fee' },
  amount: { id: 'web.payments.form.amount', defaultMessage: 'Fee per member' },
  amountHint: {
    id: 'web.payments.form.amountHint',
    defaultMessage: 'For example {example}. Empty: the event is free.',
  },
  currency: { id: 'web.payments.form.currency', defaultMessage: 'Currency' },
  remove: { id: 'web.payments.form.remove', defaultMessage: 'Make the event free' },
  mode: { id: 'web.payments.form.mode', defaultMessage: 'When members pay' },
  payToConfirm: { id: 'web.payments.form.payToConfirm', defaultMessage: 'Pay to confirm the place' },
  payToConfirmHint: {
    id: 'web.payments.form.payToConfirmHint',
    defaultMessage: 'The place is held for a short while; unpaid, it goes to the next person waiting.',
  },
  payLater: { id: 'web.payments.form.payLater', defaultMessage: 'Pay later' },
  payLaterHint: {
    id: 'web.payments.form.payLaterHint',
    defaultMessage: 'The place is confirmed at once; the fee is owed until it is paid or an organiser records it.',
  },
  notANumber: {
    id: 'web.payments.form.notANumber',
    defaultMessage: 'Write the fee as a number, such as {example}, without a currency sign or thousands separators.',
  },
  tooManyDecimals: {
    id: 'web.payments.form.tooManyDecimals',
    defaultMessage:
      '{digits, plural, =0 {{currency} has no decimals: write a whole number.} one {{currency} has # decimal at most.} other {{currency} has # decimals at most.}}',
  },
  outOfRange: {
    id: 'web.payments.form.outOfRange',
    defaultMessage: 'The fee must be from {min} to {max}.',
  },
});

// Currencies offered first; the organisation's and the event's own are added when not among them.
const COMMON_CURRENCIES = [
  'AED', 'AUD', 'BHD', 'CAD', 'CHF', 'CZK', 'DKK', 'EGP', 'EUR', 'GBP', 'HUF', 'ILS', 'INR', 'JOD', 'JPY', 'KWD',
  'MAD', 'NOK', 'NZD', 'OMR', 'PLN', 'QAR', 'RON', 'SAR', 'SEK', 'TRY', 'UAH', 'USD', 'ZAR',
]; // prettier-ignore

function currencyName(code: string): string {
  try {
    const name = new Intl.DisplayNames([intlLocale()], { type: 'currency' }).of(code);
    return name && name !== code ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}

/** The amount's problem in words, from the text itself (the schema only knows it is not minor units). */
export function feeAmountMessage(t: Translate, draft: FeeDraft, schemaText: string | undefined): string | null {
  if (!schemaText) return null;
  if (!isCurrencyCode(draft.currency)) return null;
  const currency = draft.currency;
  const example = minorToDecimal(1250, currency);
  const parsed = parseMoney(draft.amount, currency);
  if ('error' in parsed) {
    return parsed.error === 'decimals'
      ? t(messages.tooManyDecimals, { digits: minorDigits(currency), currency })
      : t(messages.notANumber, { example });
  }
  if (parsed.amount < FEE_LIMITS.minAmount || parsed.amount > FEE_LIMITS.maxAmount) {
    const language = intlLocale();
    return t(messages.outOfRange, {
      min: formatMoney(FEE_LIMITS.minAmount, currency, language),
      max: formatMoney(FEE_LIMITS.maxAmount, currency, language),
    });
  }
  return schemaMessage(t, schemaText);
}

/**
 * Any form whose values hold the fee's (the event form's). Seen here as just those values: the fields read and
 * write nothing else.
 */
export function FeeFields<Values extends FeeValues, Output>({
  control: form,
}: {
  control: Control<Values, unknown, Output>;
}) {
  const control = form as unknown as Control<FeeValues>;
  const t = useT();
  const amount = useController({ control, name: 'fee.amount' });
  const currency = useController({ control, name: 'fee.currency' });
  const mode = useController({ control, name: 'paymentMode' });
  const draft = useWatch({ control, name: 'fee' });
  const { errors } = useFormState({ control, name: ['fee'] });
  const defaults = useFeeDefaults();
  const orgCurrency = defaults.data?.currency;

  // A new fee starts in the organisation's currency; an event's own stays as it is.
  const setCurrency = currency.field.onChange;
  useEffect(() => {
    if (!currency.field.value && orgCurrency) setCurrency(orgCurrency);
  }, [currency.field.value, orgCurrency, setCurrency]);

  const chosen = currency.field.value || orgCurrency || '';
  const options = [...new Set([...COMMON_CURRENCIES, chosen, orgCurrency ?? ''])].filter(Boolean).sort();
  const charged = draft.amount.trim() !== '';
  const amountError = feeAmountMessage(t, draft, errors.fee?.amount?.message);
  const currencyError = errors.fee?.currency?.message ? schemaMessage(t, errors.fee.currency.message) : null;
  return (
    <fieldset className={styles.rsvp}>
      <legend>{t(messages.legend)}</legend>
      <div className="two-columns">
        <Field
          label={t(messages.amount)}
          necessity="optional"
          id="event-fee-amount"
          hint={t(messages.amountHint, { example: isCurrencyCode(chosen) ? minorToDecimal(1250, chosen) : '12.50' })}
          error={amountError}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            name={amount.field.name}
            ref={amount.field.ref}
            value={amount.field.value}
            onChange={amount.field.onChange}
            onBlur={amount.field.onBlur}
          />
        </Field>
        <Field label={t(messages.currency)} id="event-fee-currency" error={currencyError}>
          <select
            name={currency.field.name}
            ref={currency.field.ref}
            value={chosen}
            onChange={currency.field.onChange}
            onBlur={currency.field.onBlur}
          >
            {!chosen && <option value="" />}
            {options.map((code) => (
              <option key={code} value={code}>
                {currencyName(code)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {charged && (
        <>
          <fieldset className={styles.choices}>
            <legend>{t(messages.mode)}</legend>
            {(['pay_later', 'pay_to_confirm'] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name={mode.field.name}
                  value={value}
                  checked={mode.field.value === value}
                  onChange={() => mode.field.onChange(value)}
                  aria-describedby={`event-fee-${value}-hint`}
                />
                <span>
                  {t(value === 'pay_later' ? messages.payLater : messages.payToConfirm)}
                  <span id={`event-fee-${value}-hint`} className={styles.checkboxHint}>
                    {t(value === 'pay_later' ? messages.payLaterHint : messages.payToConfirmHint)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="button" variant="secondary" size="small" onClick={() => amount.field.onChange('')}>
              {t(messages.remove)}
            </Button>
          </div>
        </>
      )}
    </fieldset>
  );
}
