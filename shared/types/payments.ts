// What the API answers about fees and payments. Amounts are integers in the currency's minor units.

export type PaymentMode = 'pay_to_confirm' | 'pay_later';
export type PaymentStatus = 'owed' | 'pending' | 'paid' | 'waived' | 'refunded';
export type PaymentMethod = 'cash' | 'bank_transfer' | 'waived' | 'stripe';

/** An event's fee per member: 1250 EUR is €12.50, 1500 JPY is ¥1500, 1250 KWD is 1.250 KWD. */
export interface EventFee {
  amount: number;
  currency: string;
}

/** The viewer's own payment for the event (a waived fee reads "No payment needed"). */
export interface MyPayment {
  status: PaymentStatus;
  amount: number;
  currency: string;
  /** While a place is held for payment: when the hold runs out (ISO). */
  dueBy?: string;
}

/**
 * The organisers' sums over the event's members: how many have paid, owe, were waived or refunded, and `total`
 * the money kept (paid minus refunded), in the fee's minor units.
 */
export interface PaymentTotals {
  paid: number;
  owed: number;
  waived: number;
  refunded: number;
  total: number;
}

/**
 * An attendee's payment in the list: organisers see each status; everyone else sees "paid" for a waived fee
 * (a waiver is nobody else's business) and nothing at all when the event is free.
 */
export type AttendeePayment = PaymentStatus;

/** GET /api/admin/payments: one entry per payment and per refund, newest first. */
export interface PaymentLedgerEntry {
  kind: 'payment' | 'refund';
  id: number;
  at: string;
  eventId: number;
  eventName: string;
  userId: number | null;
  memberName: string | null;
  status: PaymentStatus | null;
  method: PaymentMethod | null;
  /** Positive for a payment, the refunded amount for a refund. */
  amount: number;
  currency: string;
  note: string | null;
  recordedBy: number | null;
}

/** The answer of POST/DELETE …/payment and POST …/refund: the member's payment now. */
export interface PaymentRecord {
  userId: number;
  status: PaymentStatus;
  method: PaymentMethod | null;
  amount: number;
  currency: string;
  refundedAmount: number;
  note: string | null;
}

/** The organisation's payment settings (part of GET/PATCH /api/admin/settings). */
export interface PaymentSettings {
  /** ISO 4217 code new fees are in unless they name one; the environment's CURRENCY until an admin saves one. */
  currency: string;
  /** A member who cancels at least this many hours before the event is refunded automatically. */
  refundUntilHours: number;
}

/** GET /api/payments/defaults: what a new fee starts with in the event form. */
export interface FeeDefaults {
  /** The organisation's currency (ISO 4217). */
  currency: string;
}
