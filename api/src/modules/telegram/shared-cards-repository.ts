// The shared_cards table: event cards posted into Telegram chats, marked stale by a trigger on events
// (migrations *_shared_cards) and claimed here by the card refresher. Times are the database's own (the
// trigger's), so every instance agrees on the debounce.
import { Prisma as PrismaTypes } from '@prisma/client';
import type { CardEvent } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import type { Viewer } from '../users/viewer';

/** What a card shows, read without a viewer. */
export type CardEventRow = CardEvent;

/**
 * The columns of `events` a card shows. The shared_card rows of event_view_columns (its migration) watch the
 * same ones, so an edit of any of them marks the posted cards stale (tests/api/event-columns.test.ts).
 */
export const CARD_COLUMNS = [
  'id',
  'name',
  'date',
  'time_zone',
  'location',
  'image_url',
  'is_public',
  'capacity',
  'attending_people',
  'section_id',
] as const;

type CardSqlRow = {
  id: number;
  name: string;
  date: Date | string;
  time_zone: string | null;
  location: string;
  image_url: string;
  is_public: boolean;
  capacity: number | null;
  attending_people: number;
  section_id: number | null;
};

const CARD_SELECT = PrismaTypes.raw(CARD_COLUMNS.join(', '));

/**
 * The one read of what cards show: the events `where` picks, in the order and number `rest` says. Hand-written:
 * inline queries come with every keystroke.
 */
async function readCards(prisma: Prisma, where: PrismaTypes.Sql, rest = PrismaTypes.empty): Promise<CardEventRow[]> {
  const rows = await prisma.$queryRaw<CardSqlRow[]>`SELECT ${CARD_SELECT} FROM events WHERE ${where} ${rest}`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    date: new Date(row.date),
    timeZone: row.time_zone,
    location: row.location,
    imageUrl: row.image_url,
    // A card is read by everyone in the chat: a section's event is as closed to it as a private one.
    isPublic: row.is_public && row.section_id === null,
    capacity: row.capacity,
    attendingPeople: Number(row.attending_people),
  }));
}

/**
 * The active member linked to this Telegram account (one indexed row; every inline query and tap asks). A
 * pending or suspended account is nobody here: its taps and shares change nothing.
 */
export async function findLinkedMember(prisma: Prisma, telegramId: string): Promise<Viewer | null> {
  const [row] = await prisma.$queryRaw<Array<{ id: number; is_admin: boolean; role: string }>>`
    SELECT id, is_admin, role FROM users WHERE telegram_id = ${telegramId} AND status = 'active'`;
  return row ? { id: row.id, isAdmin: row.is_admin, role: row.role } : null;
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Upcoming events that may be shared: public ones only, for everyone (a card is read by everyone in the chat,
 * invited or not). Newest first.
 */
export function findShareableEvents(prisma: Prisma, text: string, from: Date, limit: number): Promise<CardEventRow[]> {
  const pattern = containing(text);
  return readCards(
    prisma,
    PrismaTypes.sql`date >= ${from} AND is_public AND section_id IS NULL AND (${text === ''} OR name ILIKE ${pattern} OR location ILIKE ${pattern})`,
    PrismaTypes.sql`ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
  );
}

export async function findCardEvent(prisma: Prisma, id: number): Promise<CardEventRow | null> {
  const [event] = await readCards(prisma, PrismaTypes.sql`id = ${id}`);
  return event ?? null;
}

export async function findCardEvents(prisma: Prisma, ids: number[]): Promise<Map<number, CardEventRow>> {
  if (!ids.length) return new Map();
  const rows = await readCards(prisma, PrismaTypes.sql`id = ANY(${ids})`);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Records a posted card once (Telegram may repeat the update); nothing for an event that is gone. A card of
 * an event no longer public (posted from a result or prepared message made while it was) is stale at once,
 * so the refresher neutralises it.
 */
export async function recordCard(
  prisma: Prisma,
  card: { inlineMessageId: string; eventId: number; sharedByTelegramId: string; language?: string | null },
): Promise<boolean> {
  const inserted = await prisma.$executeRaw`
    INSERT INTO shared_cards (inline_message_id, event_id, shared_by_telegram_id, language, stale_since, changes)
    SELECT ${card.inlineMessageId}, id, ${card.sharedByTelegramId}, ${card.language ?? null},
      CASE WHEN NOT is_public OR section_id IS NOT NULL THEN clock_timestamp() END,
      CASE WHEN NOT is_public OR section_id IS NOT NULL THEN 1 ELSE 0 END
    FROM events WHERE id = ${card.eventId}
    ON CONFLICT (inline_message_id) DO NOTHING`;
  return inserted > 0;
}

/** The event a recorded card is of; null: the server never recorded this message. */
export async function findCardEventId(prisma: Prisma, inlineMessageId: string): Promise<number | null> {
  const card = await prisma.sharedCard.findUnique({ where: { inlineMessageId }, select: { eventId: true } });
  return card?.eventId ?? null;
}

/**
 * Remembers a card the server prepared, by the SHA-256 of the token its buttons carry, for `eventId`, until
 * `expiresAt`. Expired preparations go in the same breath: the table stays small.
 */
export async function recordPreparedShare(
  prisma: Prisma,
  share: { tokenHash: string; telegramUserId: string; eventId: number; expiresAt: Date },
): Promise<void> {
  await prisma.$executeRaw`DELETE FROM prepared_shares WHERE expires_at <= clock_timestamp()`;
  await prisma.$executeRaw`
    INSERT INTO prepared_shares (token_hash, telegram_user_id, event_id, expires_at)
    VALUES (${share.tokenHash}, ${share.telegramUserId}, ${share.eventId}, ${share.expiresAt})`;
}

/**
 * Records an unrecorded card as one of `eventId` if the token (by its hash) is one the server made for a card
 * of that event, unused and unexpired, the event still public: the token is used up by this message, whoever
 * taps. Stale: its counts may be old, and the redraw drops the token from its buttons. One statement, so of
 * two taps bringing the same token only one ties a message (the other waits for the row, then finds it used).
 * Nothing for a message already recorded.
 */
export const bindPreparedCard = (
  prisma: Prisma,
  card: { inlineMessageId: string; eventId: number; tokenHash: string },
) =>
  prisma.$executeRaw`
    WITH used AS (
      UPDATE prepared_shares p SET inline_message_id = ${card.inlineMessageId}
        FROM events e
       WHERE p.token_hash = ${card.tokenHash} AND p.event_id = ${card.eventId} AND e.id = p.event_id AND e.is_public
         AND e.section_id IS NULL
         AND p.inline_message_id IS NULL AND p.expires_at > clock_timestamp()
         AND NOT EXISTS (SELECT 1 FROM shared_cards WHERE inline_message_id = ${card.inlineMessageId})
      RETURNING p.event_id, p.telegram_user_id
    )
    INSERT INTO shared_cards (inline_message_id, event_id, shared_by_telegram_id, stale_since, changes)
    SELECT ${card.inlineMessageId}, event_id, telegram_user_id, clock_timestamp(), 1 FROM used
    ON CONFLICT (inline_message_id) DO NOTHING`;

export interface ClaimedCard {
  inlineMessageId: string;
  eventId: number;
  /** The change count seen at the claim: the refresh clears the mark only if it is still the same. */
  changes: number;
  /** The language it is written in; null: the organisation's. */
  language: string | null;
}

/**
 * Claims up to `limit` cards stale for at least `debounceMs` (and not edited within it), holding them for
 * `leaseMs`; SKIP LOCKED lets other instances claim other cards meanwhile. Oldest change first.
 */
export async function claimStaleCards(
  prisma: Prisma,
  debounceMs: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedCard[]> {
  const debounce = debounceMs / 1000;
  const rows = await prisma.$queryRaw<
    Array<{ inline_message_id: string; event_id: number; changes: number; language: string | null }>
  >`
    UPDATE shared_cards c SET locked_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000})
    FROM (
      SELECT inline_message_id FROM shared_cards
      WHERE stale_since <= clock_timestamp() - make_interval(secs => ${debounce})
        AND (edited_at IS NULL OR edited_at <= clock_timestamp() - make_interval(secs => ${debounce}))
        AND (locked_until IS NULL OR locked_until <= clock_timestamp())
      ORDER BY stale_since
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE c.inline_message_id = due.inline_message_id
    RETURNING c.inline_message_id, c.event_id, c.changes, c.language`;
  return rows.map((row) => ({
    inlineMessageId: row.inline_message_id,
    eventId: row.event_id,
    changes: Number(row.changes),
    language: row.language,
  }));
}

/** The card shows the event as of the claim: up to date unless another change came in meanwhile. */
export const markEdited = (prisma: Prisma, card: ClaimedCard) =>
  prisma.$executeRaw`
    UPDATE shared_cards
       SET stale_since = CASE WHEN changes = ${card.changes} THEN NULL ELSE stale_since END,
           locked_until = NULL, edited_at = clock_timestamp(), edit_attempts = 0
     WHERE inline_message_id = ${card.inlineMessageId}`;

/**
 * Tries the card again later: after `delayMs` as given (Telegram's retry_after), or, for a failed attempt,
 * after `delayMs` doubled per earlier failure. Answers the failed attempts so far.
 */
export async function deferCard(
  prisma: Prisma,
  inlineMessageId: string,
  delayMs: number,
  failed: boolean,
): Promise<number> {
  const rows = await prisma.$queryRaw<Array<{ edit_attempts: number }>>`
    UPDATE shared_cards
       SET locked_until = clock_timestamp()
             + make_interval(secs => ${delayMs / 1000} * CASE WHEN ${failed} THEN power(2, edit_attempts) ELSE 1 END),
           edit_attempts = edit_attempts + CASE WHEN ${failed} THEN 1 ELSE 0 END
     WHERE inline_message_id = ${inlineMessageId}
    RETURNING edit_attempts`;
  return Number(rows[0]?.edit_attempts ?? 0);
}

/** A card with nothing more to show (it is neutral now) or that Telegram no longer has. */
export const dropCard = (prisma: Prisma, inlineMessageId: string) =>
  prisma.sharedCard.deleteMany({ where: { inlineMessageId } });
