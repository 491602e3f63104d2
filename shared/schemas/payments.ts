// Requests about fees and payments: an event's fee and payment mode (part of the event form), a payment an
// organiser records, a refund, and the treasurer's date range. Amounts are whole minor units, never decimals.
import { z } from 'zod';
import { isCalendarDate } from '../age';
import { MSG } from '../messages';
import { isCurrencyCode } from '../money';
import { eitherOr, mustBeText, oneOfThree, tooLongMessage, wholeNumber } from './said';
import { isStorableText, UNSTORABLE_TEXT } from './fields';

export const PAYMENT_MODES = ['pay_to_confirm', 'pay_later'] as const;
export const RECORDED_METHODS = ['cash', 'bank_transfer', 'waived'] as const;
export const FEE_LIMITS = { minAmount: 1, maxAmount: 1_000_000, noteMax: 500, refundUntilHoursMax: 8760 } as const;

/** An ISO 4217 code, upper-cased (eur is EUR). */
export const currencySchema = z
  .string({ error: MSG.currencyInvalid })
  .trim()
  .max(3, { error: MSG.currencyInvalid })
  .transform((code) => code.toUpperCase())
  .refine(isCurrencyCode, { error: MSG.currencyInvalid });

const minorUnits = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/**
 * An event's fee: `amount` in the currency's minor units (1250 is €12.50, 1500 is ¥1500); `currency` left out is
 * the organisation's. null: free.
 */
export const feeSchema = z
  .object(
    {
      amount: minorUnits(MSG.feeAmountInvalid, FEE_LIMITS.minAmount, FEE_LIMITS.maxAmount),
      currency: currencySchema.optional(),
    },
    { error: MSG.feeInvalid },
  )
  .nullable();

export const paymentModeSchema = z.enum(PAYMENT_MODES, {
  error: eitherOr('paymentMode', 'pay_to_confirm', 'pay_later'),
});

/** POST /api/events/{id}/attendees/{userId}/payment: paid in cash, by bank transfer, or waived. */
export const recordPaymentSchema = z.strictObject({
  method: z.enum(RECORDED_METHODS, { error: oneOfThree('method', 'cash', 'bank_transfer', 'waived') }),
  note: z
    .string({ error: mustBeText('note') })
    .trim()
    .max(FEE_LIMITS.noteMax, { error: tooLongMessage('note', FEE_LIMITS.noteMax) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT })
    .optional(),
});
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** POST /api/events/{id}/attendees/{userId}/refund: `amount` in minor units; left out, all that is left. */
export const refundSchema = z.strictObject({
  amount: z
    .number({ error: wholeNumber('amount', 1, 1_000_000_000) })
    .int({ error: wholeNumber('amount', 1, 1_000_000_000) })
    .min(1, { error: wholeNumber('amount', 1, 1_000_000_000) })
    .max(1_000_000_000, { error: wholeNumber('amount', 1, 1_000_000_000) })
    .optional(),
});
export type RefundInput = z.output<typeof refundSchema>;

const day = z.string({ error: MSG.paymentsRangeInvalid }).refine(isCalendarDate, { error: MSG.paymentsRangeInvalid });

/** ?from=&to= of the treasurer's list: calendar days (UTC), both included. */
export const paymentsRangeSchema = z.object({ from: day.optional(), to: day.optional() });

/** The organisation's payment settings, part of its settings' form. */
export const paymentSettingsShape = {
  currency: currencySchema.optional(),
  refundUntilHours: z
    .number({ error: wholeNumber('refundUntilHours', 0, FEE_LIMITS.refundUntilHoursMax) })
    .int({ error: wholeNumber('refundUntilHours', 0, FEE_LIMITS.refundUntilHoursMax) })
    .min(0, { error: wholeNumber('refundUntilHours', 0, FEE_LIMITS.refundUntilHoursMax) })
    .max(FEE_LIMITS.refundUntilHoursMax, { error: wholeNumber('refundUntilHours', 0, FEE_LIMITS.refundUntilHoursMax) })
    .optional(),
};

/** POST /api/events/{id}/payments/checkout: the member's own fee, or (forUserIds) a guardian's for their children. */
export const checkoutSchema = z.object({
  forUserIds: z
    .array(z.number({ error: MSG.forUserIdsInvalid }).int({ error: MSG.forUserIdsInvalid }).positive(), {
      error: MSG.forUserIdsInvalid,
    })
    .min(1, { error: MSG.forUserIdsInvalid })
    .max(10, { error: MSG.forUserIdsInvalid })
    .refine((ids) => new Set(ids).size === ids.length, { error: MSG.forUserIdsInvalid })
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutSchema>;
