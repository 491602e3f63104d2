// Amounts between the product's minor units and Stripe's, in integers only. The product counts a currency's
// minor unit as Intl formats it (JPY 0 decimals, EUR 2, KWD 3); Stripe counts most currencies in hundredths,
// some (JPY) in whole units and five in thousandths whose last digit must be 0
// (https://docs.stripe.com/currencies). Where the two differ (ISK, HUF, COP, IDR, … are whole units in Intl and
// hundredths at Stripe) the amount is scaled by a power of ten, never through a fraction.
import { StripeAmountError } from './errors';

const ZERO_DECIMAL = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF'.split(' '), // Stripe's zero-decimal list
);
const THREE_DECIMAL = new Set('BHD JOD KWD OMR TND'.split(' '));

const stripeDigits = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2);

/** The product's decimals for a currency: the same rule as the amounts members see (Intl's currency format). */
const productDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

function scale(amount: number, currency: string, shift: number): number {
  const factor = 10 ** Math.abs(shift);
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new StripeAmountError(amount, currency, `${amount} is not a whole number of minor units`);
  if (shift >= 0) {
    const scaled = amount * factor;
    if (!Number.isSafeInteger(scaled)) throw new StripeAmountError(amount, currency, `${amount} is too large`);
    return scaled;
  }
  if (amount % factor !== 0)
    throw new StripeAmountError(amount, currency, `${amount} ${currency} is not whole in the other side's units`);
  return amount / factor;
}

/** The product's amount in Stripe's units; refuses one Stripe would refuse (KWD 12.345: three-decimal ends in 0). */
export function toStripeAmount(amount: number, currency: string): number {
  const code = currency.toUpperCase();
  const stripeAmount = scale(amount, code, stripeDigits(code) - productDigits(code));
  if (THREE_DECIMAL.has(code) && stripeAmount % 10 !== 0)
    throw new StripeAmountError(amount, code, `${code} amounts at Stripe end in 0 (${amount} does not)`);
  return stripeAmount;
}

/** Stripe's amount (a session's total, a refund) in the product's minor units. */
export const fromStripeAmount = (amount: number, currency: string): number => {
  const code = currency.toUpperCase();
  return scale(amount, code, productDigits(code) - stripeDigits(code));
};
