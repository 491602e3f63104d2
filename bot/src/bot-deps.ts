// What the bot needs from the rest of the product. main.ts wires these to the API's services, so the bot is
// an entry point like the routes: it calls the same use cases and holds no business rules of its own.
import type { RsvpStatus } from '../../shared/constants';
import type { AttendResponse, EventSummary } from '../../shared/types';

/** What the bot reads of the configuration. */
export interface BotConfig {
  publicUrl?: string;
  notificationsTimeZone: string;
  telegram: { botToken?: string; apiRoot: string };
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
  /** The Telegram user opened a private chat with /start: the bot may write to them again. */
  telegramStarted(telegramUserId: number): Promise<void>;
  /** The member behind a Telegram user (created on first contact, as the Mini App does). */
  viewerFor(user: TelegramUser): Promise<Viewer>;
  events: {
    upcomingEvents(viewer: Viewer, limit: number): Promise<EventSummary[]>;
    /** The same use case as POST /api/events/{id}/attend: a full event waitlists the member. */
    setAttendance(viewer: Viewer, eventId: number, input: { status: RsvpStatus }): Promise<AttendResponse>;
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
