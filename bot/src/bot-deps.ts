// What the bot needs from the rest of the product. The composition root (api/src/system/telegram-bot.ts) wires
// these to the API's services, so the bot is an entry point like the routes: it calls the same use cases and
// holds no business rules of its own.
import type { OrganisationLanguage, RsvpStatus } from '../../shared/constants';
import type { Language } from '../../shared/i18n/languages';
import type { AttendResponse, CardEvent, EventSummary } from '../../shared/types';

export type { CardEvent };

/** What the bot reads of the configuration. */
export interface BotConfig {
  publicUrl?: string;
  telegram: { botToken?: string; apiRoot: string; botUsername?: string };
}

/** Structured logging, as pino does it (the API's logger satisfies it). */
export interface BotLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface Viewer {
  id: number;
  isAdmin: boolean;
  /** member, organiser or admin: creator powers follow the role held now. */
  role: string;
}

export interface LoginRequestView {
  status: string;
  userAgent: string | null;
  /** The requester's approximate network, e.g. "203.0.113.x". */
  network: string | null;
  createdAt: Date;
  purpose: string;
  /** For a link: the website account's name. */
  linkAccountName: string | null;
}

export type LoginCodeOutcome =
  | { outcome: 'confirmed'; purpose: string }
  | { outcome: 'wrong_code'; attemptsLeft: number }
  | { outcome: 'locked' }
  | { outcome: 'none' };

export interface BotDeps {
  config: BotConfig;
  logger: BotLogger;
  now: () => Date;
  /**
   * Telegram says the bot may write to this person (again): /start in the private chat, unblocking the bot,
   * or allowing it from the Mini App or the Login Widget. Their Telegram notifications resume.
   */
  telegramStarted(telegramUserId: number): Promise<void>;
  /** Telegram says this person blocked the bot: no Telegram notifications are queued or sent to them. */
  telegramBlocked(telegramUserId: number): Promise<void>;
  /**
   * What decides the bot's language for this Telegram user: the saved choice of the member linked to it (null
   * without an account or a choice) and the organisation's default language.
   */
  languageHints(telegramUserId: number | null): Promise<{ saved: string | null; organisation: OrganisationLanguage }>;
  /** The organisation's IANA time zone (an admin's setting): dates of events that name none, sign-in times. */
  organisationTimeZone(): Promise<string>;
  /** The member behind a Telegram user (created on first contact, as the Mini App does). */
  viewerFor(user: TelegramUser): Promise<Viewer>;
  events: {
    upcomingEvents(viewer: Viewer, limit: number): Promise<EventSummary[]>;
    /** The member's own upcoming RSVPs (attending, maybe, waitlisted), soonest first. */
    myUpcomingRsvps(viewer: Viewer, limit: number): Promise<EventSummary[]>;
    /** The same use case as POST /api/events/{id}/attend: a full event waitlists the member. */
    setAttendance(viewer: Viewer, eventId: number, input: { status: RsvpStatus }): Promise<AttendResponse>;
  };
  /** Event cards shared into chats through inline mode. */
  sharing: {
    /** The member linked to this Telegram account, or null: nobody is created by an inline query or a tap. */
    memberFor(telegramUserId: number): Promise<Viewer | null>;
    /** Upcoming events that may be shared (public ones: a card is read by the whole chat), matching `text`. */
    shareableEvents(text: string, limit: number): Promise<CardEvent[]>;
    /**
     * Telegram reported a posted card (chosen_inline_result): it is kept live from now on, in `language` (null:
     * the organisation's, whatever it is when the card is redrawn).
     */
    cardPosted(card: {
      inlineMessageId: string;
      eventId: number;
      telegramUserId: number;
      language: Language | null;
    }): Promise<void>;
    /**
     * May a tap on this inline message act on the event its callback data names? Only on a recorded card of
     * that event, or on an unrecorded one whose data brings an unused, unexpired token the server made for a
     * card of that event (prepared for the Mini App): that first tap, anyone's, records it and uses the token
     * up. False: answer the tap and change nothing.
     */
    acceptTap(tap: { inlineMessageId: string; eventId: number; token: string | null }): Promise<boolean>;
  };
  /** Permission slips, decided with the Approve / Decline buttons under a guardian's request. */
  slips: {
    /**
     * The same use case as the guardian page: refused (forbidden) unless this Telegram account is linked to a
     * guardian of the child; a conflict when nothing waits for an answer. Answers the child's reply.
     */
    decide(telegramUserId: number, childId: number, eventId: number, approve: boolean): Promise<AttendResponse>;
  };
  loginCodes: {
    describe(loginId: string): Promise<LoginRequestView | null>;
    /** This Telegram user opened the code: the code they type next is checked against it. */
    claim(loginId: string, telegramUserId: number): Promise<'claimed' | 'unknown' | 'expired' | 'already_decided'>;
    /** A code typed by this Telegram user, for the request they opened last. */
    confirmWithCode(identity: TelegramUser, code: string): Promise<LoginCodeOutcome>;
    reject(loginId: string): Promise<'rejected' | 'unknown' | 'expired' | 'already_decided'>;
  };
}
