// What the events use cases need of payments, which live in a later module (payments/, which may read events but
// not the other way round): the payments module implements this and the composition root hands it in. Without
// it (NO_PAYMENTS) events behave as free ones always did.
import type { EventDetail } from '../../../../shared/types';
import type { AttendeePayment } from '../../../../shared/types/payments';
import type { Viewer } from '../users/viewer';
import type { Tx } from './events-repository';

export interface PaymentPort {
  /** The details' payment parts for the viewer of an event with a fee: myPayment, and payments for its managers. */
  detailsOf(viewer: Viewer, event: EventDetail, manages: boolean): Promise<Pick<EventDetail, 'myPayment' | 'payments'>>;
  /** Each listed member's payment as the viewer may see it (a waiver reads "paid" unless `manages`). */
  attendeePayments(eventId: number, userIds: number[], manages: boolean): Promise<Map<number, AttendeePayment>>;
  /** Of these members, those whose fee for the event is paid or waived already: their place needs no hold. */
  settledAmong(tx: Tx, eventId: number, userIds: number[]): Promise<number[]>;
  /** The member gave up their place (the caller holds the event's lock): refunded when they cancelled in time. */
  left(tx: Tx, eventId: number, userId: number): Promise<void>;
  /** Events were deleted (after the transaction that did it): everyone who paid for them is refunded. */
  eventsDeleted(): Promise<void>;
}

export const NO_PAYMENTS: PaymentPort = {
  detailsOf: async () => ({}),
  attendeePayments: async () => new Map(),
  settledAmong: async () => [],
  left: async () => {},
  eventsDeleted: async () => {},
};
