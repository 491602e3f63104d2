// An event's fee and payment mode in the form. No controls of their own yet: a copy or an edit sends back what the
// event has, so saving the form never changes its fee.
import type { EventFee, PaymentMode } from '../../../../../../shared/types/payments';

export interface FeeValues {
  /** In the currency's minor units (1250 is €12.50); null: free. */
  fee: { amount: number; currency?: string } | null;
  paymentMode: PaymentMode;
}

export const noFee = (): FeeValues => ({ fee: null, paymentMode: 'pay_later' });

export const feeOf = (event: { fee?: EventFee | FeeValues['fee']; paymentMode?: PaymentMode }): FeeValues => ({
  fee: event.fee ?? null,
  paymentMode: event.paymentMode ?? 'pay_later',
});
