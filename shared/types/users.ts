// What the API answers about the signed-in member and other members as people.
import type {
  AccountRole,
  GuardianConsentState,
  MemberStatus,
  NotificationChannel,
  OrganisationLanguage,
} from '../constants';

export interface CurrentUser {
  id: number;
  name: string;
  email: string | null;
  /** An email waiting for its owner to confirm it (never a sign-in identity until then). */
  pendingEmail: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
  isDemo: boolean;
  phoneNumber: string | null;
  /** The member confirmed phoneNumber with a code sent to it; SMS goes only to a verified number. */
  phoneVerified: boolean;
  telegramId: string | null;
  telegramUsername: string | null;
  /**
   * Whether Telegram notifications can be delivered. False when Telegram refused our messages (403), told the
   * bot it was blocked (my_chat_member), or a Mini App launch said the bot may not write (allows_write_to_pm)
   * before we ever learned it may: Telegram notifications are paused until the member presses Start in the bot
   * or allows it in the Mini App. True otherwise, also without a Telegram account (see telegramId).
   */
  telegramReachable: boolean;
  notificationPrefs: NotificationChannel[];
  googleConnected: boolean;
  /** Other members see "1 more member" instead of this member's name in attendee lists. */
  hideFromAttendees: boolean;
  /** pending: waiting for an admin's approval or an invite link; only their own account is open to them. */
  status: MemberStatus;
  /** isAdmin is true exactly for role admin; 'guardian': an account that consents for children only. */
  role: AccountRole;
  /** YYYY-MM-DD, set once by the member (an admin may correct it); null until then. */
  birthDate: string | null;
  /** Younger than the organisation's consent age today. */
  isMinor: boolean;
  /** not_needed for adults and members without a birth date; a minor's consent otherwise. */
  guardianConsent: GuardianConsentState;
  /** The member's chosen language; null: the app follows Telegram's, the browser's, then the organisation's. */
  language: OrganisationLanguage | null;
  /** The sections the member leads, by name (empty for most): they may create and run those sections' events. */
  leadsSections: LedSection[];
}

/** A section as its leader's account names it. */
export interface LedSection {
  id: number;
  name: string;
  /** "#rrggbb"; null: the app's own colour. */
  colour: string | null;
}

/** POST /api/users/me/phone/verification: a code went out (202), or the number is verified already (200). */
export type PhoneCodeResponse = { status: 'sent'; expiresAt: string } | { status: 'verified' };

/** What members may see of each other: no email or phone. */
export interface PublicUser {
  id: number;
  name: string;
  avatarUrl: string | null;
}

/** Admins and event creators need emails to tell invitees apart (SPEC: 'name and email'). */
export interface DirectoryUser extends PublicUser {
  email: string | null;
}

/** GET /api/users/me/calendar-feed and POST /api/users/me/calendar-feed/regenerate: the member's secret feed. */
export interface CalendarFeedUrls {
  url: string;
  /** The same feed for calendar apps that subscribe to webcal:// links. */
  webcalUrl: string;
}

/** The feed's URLs and the member's choice: false = events they attend, maybe or wait for; true = all they may see. */
export interface CalendarFeedSettings extends CalendarFeedUrls {
  allEvents: boolean;
}
