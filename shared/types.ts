// Response shapes of the API (SPEC §3), shared by the API and the web app.
import type { AttendanceStatus, NotificationChannel, RsvpStatus, TemplateChannel, TemplateType } from './constants';

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
   * False when Telegram refused our messages to the linked account (the member blocked the bot or never
   * pressed Start): Telegram notifications are paused until they write to the bot. True otherwise, also
   * without a Telegram account (telegramId says whether there is one).
   */
  telegramReachable: boolean;
  notificationPrefs: NotificationChannel[];
  googleConnected: boolean;
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

export interface EventSummary {
  id: number;
  name: string;
  description: string;
  date: string;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  creatorId: number;
  attendingCount: number;
  /** The caller's own RSVP, so lists need no request per event. */
  myStatus: Exclude<AttendanceStatus, 'not_authenticated'>;
}

export type EventDetail = EventSummary;

export interface AttendanceResponse {
  status: Exclude<AttendanceStatus, 'not_authenticated'>;
}

export interface Attendee {
  id: number;
  name: string;
  status: RsvpStatus;
}

export interface CommentItem {
  id: number;
  content: string;
  createdAt: string;
  user: { id: number; name: string | null };
}

export interface InvitationItem {
  userId: number;
}

export interface NotificationTemplateItem {
  id: number;
  type: TemplateType;
  channel: TemplateChannel;
  template: string;
}

export interface SmtpSettingsView {
  id: number;
  host: string;
  port: number;
  secure: boolean;
  auth_user: string;
  from_email: string;
  from_name: string;
  enabled: boolean;
  /** The password is write-only: the API only says whether one is stored. */
  has_password: boolean;
}

export interface ErrorBody {
  error: string;
}
