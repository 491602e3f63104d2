// Which Stripe webhook events were handled: the primary key decides, so two deliveries of one event racing on two
// instances cannot both go on.
import type { Prisma as PrismaTypes } from '@prisma/client';
import type { Prisma } from '../../../db/database';

/**
 * How long a handled event's id is kept: Stripe delivers an event again for up to 3 days, so a month is plenty to
 * recognise every replay, and the table does not grow for ever.
 */
export const STRIPE_EVENTS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface StripeEventsRepository {
  /**
   * Records a Stripe event id: true for the first delivery, false for every later one. Inside the transaction that
   * handles the event, a rollback forgets the record too, so Stripe's next attempt is handled afresh; a concurrent
   * delivery waits on the row and then sees it taken.
   */
  recordOnce(eventId: string, type: string): Promise<boolean>;
  /** Forgets the events received before `before`; answers how many. */
  pruneBefore(before: Date): Promise<number>;
}

/** Over the client or, to record and handle in one transaction, over the transaction's client. */
export function createStripeEventsRepository(db: Prisma | PrismaTypes.TransactionClient): StripeEventsRepository {
  return {
    async recordOnce(eventId, type) {
      const inserted = await db.$executeRaw`
        INSERT INTO "stripe_events" ("id", "type") VALUES (${eventId}, ${type})
        ON CONFLICT ("id") DO NOTHING`;
      return inserted === 1;
    },
    async pruneBefore(before) {
      const { count } = await db.stripeEvent.deleteMany({ where: { receivedAt: { lt: before } } });
      return count;
    },
  };
}
