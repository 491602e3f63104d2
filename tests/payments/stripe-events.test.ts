// Stripe delivers an event at least once, and retries it while no instance has answered: the stripe_events table
// lets exactly one delivery through, however many race for it, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../api/src/db/database';
import { createStripeEventsRepository } from '../../api/src/modules/payments/stripe/stripe-events-repository';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../support/databases';

describe.each(DATABASE_KINDS)('Stripe events recorded once (%s)', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true });
    db = await openDatabase(database.target, 10);
  });

  afterAll(async () => {
    await db.close();
    await database.drop();
  });

  it('When one event is delivered 10 times at once, then exactly one delivery records it', async () => {
    const events = createStripeEventsRepository(db.prisma);
    const firsts = await Promise.all(
      Array.from({ length: 10 }, () => events.recordOnce('evt_parallel', 'checkout.session.completed')),
    );
    expect(firsts.filter(Boolean)).toHaveLength(1);
    expect(await events.recordOnce('evt_parallel', 'checkout.session.completed')).toBe(false);
    const rows = await db.prisma.stripeEvent.findMany({ where: { id: 'evt_parallel' } });
    expect(rows).toMatchObject([{ id: 'evt_parallel', type: 'checkout.session.completed' }]);
  });

  it('When 10 deliveries race, each in its own transaction, then one handles it and the rest see it taken', async () => {
    const firsts = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.prisma.$transaction((tx) => createStripeEventsRepository(tx).recordOnce('evt_in_tx', 'charge.refunded')),
      ),
    );
    expect(firsts.filter(Boolean)).toHaveLength(1);
  });

  it('When the handling transaction fails, then the record goes with it and the next delivery is handled', async () => {
    const failed = db.prisma.$transaction(async (tx) => {
      expect(await createStripeEventsRepository(tx).recordOnce('evt_retried', 'checkout.session.expired')).toBe(true);
      throw new Error('handler failed');
    });
    await expect(failed).rejects.toThrow('handler failed');
    const events = createStripeEventsRepository(db.prisma);
    expect(await events.recordOnce('evt_retried', 'checkout.session.expired')).toBe(true);
    expect(await events.recordOnce('evt_other', 'checkout.session.expired')).toBe(true);
  });
});
