// What the payment reminder reads and stamps: events with a fee about to start, and who still owes.
import type { Prisma } from '../../db/database';
import type { Tx } from '../events/events-repository';

/** Events with a fee starting after `now` and by `until` whose members who owe were not reminded yet. */
export async function eventsDue(prisma: Prisma, now: Date, until: Date): Promise<number[]> {
  const rows = await prisma.event.findMany({
    where: { feeAmount: { not: null }, paymentRemindedAt: null, date: { gt: now, lte: until } },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: 100,
  });
  return rows.map((row) => row.id);
}

/**
 * Stamps the event reminded, when nobody did yet (the row's lock makes a second sweeper wait, then find it
 * stamped); null when another sweep claimed it first.
 */
export async function claimEvent(tx: Tx, eventId: number, now: Date) {
  const [row] = await tx.$queryRaw<
    Array<{
      name: string;
      date: Date;
      time_zone: string | null;
      fee_amount: number | null;
      fee_currency: string | null;
    }>
  >`
    UPDATE events SET payment_reminded_at = ${now}
     WHERE id = ${eventId} AND payment_reminded_at IS NULL AND fee_amount IS NOT NULL
    RETURNING name, date, time_zone, fee_amount, fee_currency`;
  if (!row) return null;
  return {
    name: row.name,
    date: new Date(row.date),
    timeZone: row.time_zone,
    feeAmount: row.fee_amount === null ? null : Number(row.fee_amount),
    feeCurrency: row.fee_currency,
  };
}

/** Members holding a place at the event whose fee is neither paid, waived nor under way online. */
export async function owingMembers(tx: Tx, eventId: number): Promise<number[]> {
  const rows = await tx.$queryRaw<Array<{ user_id: number }>>`
    SELECT a.user_id FROM attendances a
     WHERE a.event_id = ${eventId} AND a.status IN ('attending', 'awaiting_payment')
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.event_id = a.event_id AND p.user_id = a.user_id
                         AND p.status IN ('paid', 'waived', 'pending'))
     ORDER BY a.user_id`;
  return rows.map((row) => Number(row.user_id));
}
