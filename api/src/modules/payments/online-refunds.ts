// The seam for money paid online: a refund of a payment taken by a provider (Stripe) goes back through that
// provider. The Stripe gateway implements OnlineRefunds; until it is configured every online refund is
// unavailable, and the callers say so (an organiser's refund is refused with a clear 409; an automatic one
// leaves the payment paid for an organiser to settle).
export interface OnlineRefund {
  /** The payment's id here (for the provider's idempotency). */
  paymentId: number;
  /** The provider's id of the payment (a PaymentIntent or charge). */
  providerPaymentId: string | null;
  amount: number;
  currency: string;
  /** The same key for the same refund, so a retry never refunds twice. */
  idempotencyKey: string;
}

export type OnlineRefundResult = { ok: true; providerRefundId: string } | { ok: false; reason: 'unavailable' };

export interface OnlineRefunds {
  refundOnline(refund: OnlineRefund): Promise<OnlineRefundResult>;
}

/** No provider configured: online refunds cannot be made here. */
export const NO_ONLINE_REFUNDS: OnlineRefunds = {
  refundOnline: async () => ({ ok: false, reason: 'unavailable' }),
};
