// An event's fee and payment mode in the form: the amount as the organiser types it in major units ("12.50"),
// and the currency. Sent as whole minor units (shared/money.ts parses the text, never through a float); an
// empty amount is a free event.
import { isCurrencyCode, minorToDecimal, parseMoney } from '../../../../../../shared/money';
import type { EventFee, PaymentMode } from '../../../../../../shared/types/payments';

export interface FeeDraft {
  /** Major units as typed ("12.50", "1500"); '' = free. */
  amount: string;
  /** ISO 4217; '' until the organisation's currency is known. */
  currency: string;
}

export interface FeeValues {
  fee: FeeDraft;
  paymentMode: PaymentMode;
}

export const noFee = (): FeeValues => ({ fee: { amount: '', currency: '' }, paymentMode: 'pay_later' });

export const feeOf = (event: {
  fee?: EventFee | { amount: number; currency?: string } | null;
  paymentMode?: PaymentMode;
}): FeeValues => {
  const currency = event.fee?.currency ?? '';
  return {
    fee:
      event.fee && isCurrencyCode(currency)
        ? { amount: minorToDecimal(event.fee.amount, currency), currency }
        : { amount: '', currency },
    paymentMode: event.paymentMode ?? 'pay_later',
  };
};

/**
 * What the API gets: null for an empty amount, else minor units. Text that is no amount stays text, so the schema
 * refuses it at `fee.amount` and the fee's field says why in words of its own (fee-fields.tsx).
 */
export function toFee(draft: FeeDraft): { amount: number | string; currency: string } | null {
  if (draft.amount.trim() === '') return null;
  const parsed = isCurrencyCode(draft.currency) ? parseMoney(draft.amount, draft.currency) : null;
  return { amount: parsed && 'amount' in parsed ? parsed.amount : draft.amount, currency: draft.currency };
}
