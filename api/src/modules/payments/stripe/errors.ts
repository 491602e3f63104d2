// What can go wrong at the Stripe boundary, in terms the payments service can act on without knowing the
// `stripe` package's error classes. None of these carries words for members: the service picks those.

/** A webhook whose Stripe-Signature is missing or does not prove it came from Stripe: answer 400, change nothing. */
export class StripeSignatureError extends Error {
  override readonly name = 'StripeSignatureError';
  constructor(
    /** `missing`: no header at all; `invalid`: wrong secret, altered body, too old or unreadable. */
    readonly reason: 'missing' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export type StripeFailure =
  /** The payment intent or session named does not exist (in this account, in this mode). */
  | 'not_found'
  /** A refund of more than is left of the payment. */
  | 'amount_too_large'
  /** The payment was refunded in full already. */
  | 'already_refunded'
  /** Stripe refused the request as written (a bad parameter, an amount under its minimum). */
  | 'invalid_request'
  /** The secret key is wrong or may not do this. */
  | 'authentication'
  /** Too many requests; try again later. */
  | 'rate_limited'
  /** Stripe could not be reached or failed; the request may be tried again (with the same idempotency key). */
  | 'unavailable';

/** A call to Stripe that failed, with Stripe's own code and request id for the logs. */
export class StripeGatewayError extends Error {
  override readonly name = 'StripeGatewayError';
  constructor(
    readonly failure: StripeFailure,
    message: string,
    readonly details: { status?: number; code?: string; requestId?: string } = {},
  ) {
    super(message);
  }
}

/** An amount Stripe cannot take in this currency (not whole in its units, or a three-decimal one not ending in 0). */
export class StripeAmountError extends Error {
  override readonly name = 'StripeAmountError';
  constructor(
    readonly amount: number,
    readonly currency: string,
    message: string,
  ) {
    super(message);
  }
}
