// The one rule for a place and its fee: whoever moves into a place at an event whose fee is paid to confirm holds
// it as awaiting_payment until they pay (or the hold runs out), unless their fee is paid or waived already. Every
// path into a place asks it: a member's own reply, a guardian's reply for one child or several, a promotion from
// the waitlist (whatever freed the spot: a reply, an edit, a released hold, an erasure, a withdrawn consent) and a
// guardian's approval of a minor's held place (the approval comes first, the payment after it).
import type { AppConfig } from '../../config';
import type { Tx } from './events-repository';
import type { PaymentPort } from './payment-port';
import { paysToConfirm } from './payment-holds-repository';

/** The event as the rule reads it; without the fee's terms they are read under the caller's lock. */
export interface FeeTerms {
  id: number;
  feeAmount?: number | null;
  paymentMode?: string;
}

export interface PaymentHolds {
  /** Of these members moving into a place at the event now, those whose place waits for their payment. */
  heldAmong(tx: Tx, event: FeeTerms, userIds: number[]): Promise<number[]>;
  /** When a hold that starts `now` runs out. */
  until(now: Date): Date;
}

export function createPaymentHolds(
  config: Pick<AppConfig, 'paymentHoldMs'>,
  payments: Pick<PaymentPort, 'settledAmong'>,
): PaymentHolds {
  return {
    async heldAmong(tx, event, userIds) {
      if (!userIds.length) return [];
      const known = event.feeAmount !== undefined && event.paymentMode !== undefined;
      const held = known
        ? event.feeAmount !== null && event.paymentMode === 'pay_to_confirm'
        : await paysToConfirm(tx, event.id);
      if (!held) return [];
      const settled = new Set(await payments.settledAmong(tx, event.id, userIds));
      return userIds.filter((userId) => !settled.has(userId));
    },
    until: (now) => new Date(now.getTime() + config.paymentHoldMs),
  };
}
