// The payments' messages of MSG (shared/messages.ts spreads them in): kept in a file of their own so the
// feature's words stay together. Each key is its catalog key (`msg.<key>`) and, in snake_case, its error code.

/** A message with values, as MSG's `icu` makes one (shared/messages.ts: MessageWithValues). */
function withValues<V extends Record<string, string | number>>(source: string) {
  return Object.assign((values: V) => ({ source, values }), { source });
}

export const PAYMENT_MSG = {
  feeInvalid: 'The fee must be an object with an amount and a currency, or null for a free event',
  feeAmountInvalid:
    'The fee amount must be a whole number of the currency’s smallest unit from 1 to 1000000 (1250 is 12.50 in euros)',
  currencyInvalid: 'The currency must be an ISO 4217 code such as EUR',
  onlyOrganisersRecordPayments: 'Only the event’s organisers can record payments and refunds',
  paymentOwnForbidden: 'You cannot record a payment or a refund for yourself; ask another organiser',
  eventHasNoFee: 'This event has no fee',
  paymentNotAttending: 'Only a member who is attending (or whose place is held for payment) can pay',
  paymentAlreadyRecorded: 'This payment is already recorded. Undo it first to record it another way',
  paymentNothingToUndo: 'There is no recorded payment to undo',
  paymentOnlineNoUndo: 'An online payment cannot be undone here; refund it instead',
  refundNothingPaid: 'There is no payment to refund',
  refundAmountTooHigh: withValues<{ left: number }>(
    'The refund can be at most {left} (in the currency’s smallest unit): what is left of the payment',
  ),
  refundOnlineUnavailable:
    'Online refunds are not available right now. Refund the payment with the payment provider and record it',
  paymentOnlineOff: 'Online payments are not set up here. Please pay an organiser instead',
  paymentNothingOwed: 'Nothing is owed for these people at this event: there is no place held or payment due',
  paymentsRangeInvalid: 'Give from and to as dates (YYYY-MM-DD), from not after to, at most five years apart',
} as const;
