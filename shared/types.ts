// Response shapes of the API (SPEC §3), shared by the API and the web app.
import type {
  AccountRole,
  ConsentVerification,
  GuardianConsentState,
  InviteRole,
  MemberStatus,
  MembershipMode,
  OrganisationLanguage,
  PhotoConsent,
  ReportCategory,
  AttendanceStatus,
  MonthlyBy,
  PermissionSlipStatus,
  QuestionKind,
  SignInMethod,
  NotificationChannel,
  RecurrenceFrequency,
  StoredRsvpStatus,
  TemplateChannel,
  TemplateType,
} from './constants';

/**
 * GET /api/events/{id}/preview: what a visitor sees of a public upcoming event before signing in (never its place
 * or description).
 */
export interface EventPreview {
  id: number;
  name: string;
  date: string;
  timeZone: string;
  imageUrl: string;
  /** The organiser's words for outsiders; null: none. */
  publicSummary: string | null;
  /** The creator's first name only (a minor's full name is never shown); null when the account was erased. */
  hostFirstName: string | null;
  /** People going (members and their guests). */
  attendingCount: number;
  /** How a newcomer gets in: "approval" makes the call to action "Ask to join". */
  membershipMode: MembershipMode;
}

/**
 * GET /api/events/{id}/host: who organises the event, as the viewer may see them (a minor creator reads as
 * "Maria S." to other members, with a picture only under photo consent "full").
 */
export interface EventHost {
  id: number;
  name: string;
  avatarUrl: string | null;
}

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
  /** People attending: members and the guests they bring. */
  attendingCount: number;
  /** People (members and guests) who may attend; null: no limit. */
  capacity: number | null;
  /** Extra people each member may bring (0–5). */
  guestsAllowed: number;
  /** After this (ISO date-time) only the creator and admins may change RSVPs; null: open until the event. */
  rsvpClosesAt: string | null;
  /** The organiser asked for a message about new RSVPs (at most one an hour); for the edit form. */
  rsvpDigest: boolean;
  /** Members under the consent age attend only once a guardian approves (their spot is held meanwhile). */
  requiresGuardianApproval: boolean;
  /** The IANA zone the event happens in (Europe/Berlin): its local time is shown in this zone. */
  timeZone: string;
  /** What visitors read of it (shared page, link previews); null: none. For the edit form. */
  publicSummary: string | null;
  /** The section the event belongs to (GET /api/sections names it); null: the whole organisation. */
  sectionId: number | null;
  /** Grows with every edit that changes what a calendar shows (the iCalendar SEQUENCE). */
  sequence: number;
  /** capacity − attendingCount, never below 0; null without a capacity. */
  spotsLeft: number | null;
  /** Members on the waitlist. */
  waitlistCount: number;
  /** Members who answered maybe. */
  maybeCount: number;
  /** The caller's own RSVP, so lists need no request per event. */
  myStatus: Exclude<AttendanceStatus, 'not_authenticated'>;
  /** Guests the caller brings (0 unless attending or waitlisted). */
  myGuests: number;
  /** The caller's place on the waitlist (1 = next), or null when not waitlisted. */
  myWaitlistPosition: number | null;
  /** The recurring series this occurrence belongs to; null for a one-off event. */
  seriesId: number | null;
  /** How the series repeats (for "Repeats weekly"); null for a one-off event. */
  repeats: EventRepeats | null;
}

/** A series' rule as an occurrence shows it. */
export interface EventRepeats {
  frequency: RecurrenceFrequency;
  monthlyBy: MonthlyBy | null;
}

/** An answer's value: text, long_text, single and date a string; multi a list; checkbox a boolean; number a number. */
export type AnswerValue = string | number | boolean | string[];
/** Answers by question id. */
export type AnswerValues = Record<string, AnswerValue>;

/**
 * GET /api/events/{id}: the event, with the viewer's own answers to its registration questions (always there, {}
 * when none; optional only because events from the list are shown with the same components).
 */
export type EventDetail = EventSummary & { myAnswers?: AnswerValues };

/** A registration question (GET and PUT /api/events/{id}/questions). */
export interface RegistrationQuestion {
  id: number;
  label: string;
  kind: QuestionKind;
  /** The choices of a single or multi question; absent otherwise. */
  options?: string[];
  required: boolean;
  /** Only the event's leaders read its answers (each read audited); deleted some days after the event. */
  sensitive: boolean;
}

/** GET /api/events/{id}/answers: the managers' view (sensitive answers only for the event's leaders). */
export interface EventAnswers {
  questions: RegistrationQuestion[];
  attendees: Array<{ user: { id: number | null; name: string }; status: StoredRsvpStatus; answers: AnswerValues }>;
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

/** GET /api/events?when=upcoming|past&limit=N&cursor=C: a page, and the cursor of the next (null: the last page). */
export interface EventsPage {
  events: EventSummary[];
  nextCursor: string | null;
}

/** GET /api/events/{id}/attendance */
export interface AttendanceResponse {
  status: Exclude<AttendanceStatus, 'not_authenticated'>;
  guests: number;
  /** Only when waitlisted: 1 = next to be promoted. */
  waitlistPosition?: number;
  /** The organiser checked the member in at the door. */
  checkedIn: boolean;
}

/** POST /api/events/{id}/attend */
export interface AttendResponse {
  /** 'waitlisted' when 'attending' was asked of a full event. */
  status: StoredRsvpStatus;
  guests: number;
  /** Only when waitlisted. */
  waitlistPosition?: number;
  attendingCount: number;
  spotsLeft: number | null;
  waitlistCount: number;
}

/**
 * One entry of the attendee list. A member who hid their name appears to other members as
 * `{ id: null, name: '1 more member', avatarUrl: null, hidden: true, ... }`; organisers (and the member
 * themself) see who it is. Nobody's email or phone is ever in it.
 */
export interface Attendee {
  id: number | null;
  name: string;
  /** The member's Google or Telegram picture (https), or null: the web app shows initials then. */
  avatarUrl: string | null;
  status: StoredRsvpStatus;
  guests: number;
  /** When waitlisted: the place on the waitlist. */
  waitlistPosition?: number;
  /** The member asked to hide their name from other members. */
  hidden?: true;
  /** Organisers only: checked in at the door, and when the member last answered. */
  checkedIn?: boolean;
  respondedAt?: string;
  /** Organisers only: younger than the organisation's consent age (others see a minor as "Maria S."). */
  isMinor?: boolean;
  /** Organisers only: where a guardian's consent stands ('not_needed' for adults). */
  guardianConsent?: GuardianConsentState;
  /** Organisers only: the guardian's answer for this event, or null when none was asked. */
  permissionSlip?: PermissionSlipStatus | null;
  /** Organisers only: what a guardian allows for the member's photo ('none' until a guardian says). */
  photoConsent?: PhotoConsent;
}

/** GET /api/events/{id}/pass: the member's event pass, a QR code the organiser scans. */
export interface EventPass {
  token: string;
  /** An SVG image of the QR code carrying `token`. */
  qrSvg: string;
}

/** POST /api/events/{id}/check-in and DELETE /api/events/{id}/check-in/{userId} */
export interface CheckInResponse {
  userId: number;
  name: string;
  guests: number;
  checkedIn: boolean;
  checkedInAt: string | null;
  /** POST only: the member had been checked in before (a second scan). */
  alreadyCheckedIn?: boolean;
}

/** POST /api/events/{id}/messages */
export interface EventMessageResponse {
  recipients: number;
}

export interface CommentItem {
  id: number;
  content: string;
  createdAt: string;
  /** When its author last changed it (ISO); null if never. */
  editedAt: string | null;
  user: { id: number; name: string | null; avatarUrl: string | null };
}

export type ReportStatus = 'open' | 'resolved';
export type ReportAction = 'dismiss' | 'remove_comment' | 'suspend_author';

/** GET /api/admin/reports: one report of a comment (the comment as it was, even once removed). */
export interface ReportItem {
  id: number;
  status: ReportStatus;
  category: ReportCategory;
  /** The reporter's words; empty when they chose a category and wrote nothing. */
  reason: string;
  createdAt: string;
  reporter: { id: number; name: string };
  comment: { id: number; content: string; eventId: number; author: { id: number; name: string } };
}

export interface ReportsPage {
  reports: ReportItem[];
  nextCursor: string | null;
}

/** GET /api/admin/audit: one entry of the audit log; actor null for the system. */
export interface AuditEntryItem {
  id: string;
  at: string;
  actor: { id: number; name: string } | null;
  action: string;
  subject: { type: string; id: string };
  details: Record<string, unknown>;
}

export interface AuditPage {
  entries: AuditEntryItem[];
  nextCursor: string | null;
}

export interface InvitationItem {
  userId: number;
}

export interface NotificationTemplateItem {
  id: number;
  type: TemplateType;
  channel: TemplateChannel;
  template: string;
  /** The language it is written in: members of that language get it (others of the organisation's too). */
  language: OrganisationLanguage;
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

/** POST /api/images: the stored cover photo; `imageUrl` goes into an event's imageUrl. */
export interface UploadedImage {
  /** /api/images/<id> (the 960 px variant); /api/images/<id>/<480|960|1600>.webp for a srcset. */
  imageUrl: string;
  /** Of the largest stored variant, after rotating the photo upright. */
  width: number;
  height: number;
}

/** One test send, as POST /api/test-notification-template reports it (one per template type and channel). */
export interface TemplateTestResult {
  type: string;
  channel: TemplateChannel;
  /** The language the test was written in: the template's, or the admin's for a built-in text. */
  language: OrganisationLanguage;
  to: string | null;
  status: 'sent' | 'failed' | 'skipped';
  error?: string;
}

/** What an event card shows: read without a viewer, the same for everyone in the chat. */
export interface CardEvent {
  id: number;
  name: string;
  date: Date;
  /** The IANA zone the event happens in; null: the organisation's (its timeZone setting). */
  timeZone: string | null;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  capacity: number | null;
  /** Members and their guests attending. */
  attendingPeople: number;
}

/** GET /api/admin/backups: the newest backup in the server's backups folder (admins only). */
/** A recorded backup: its SHA-256 checks a copy, `instance` names the server whose folder received the file. */
export interface BackupItem {
  name: string;
  createdAt: string;
  size: number;
  sha256: string;
  instance: string;
}

export interface BackupsView {
  latest: BackupItem | null;
  /** Every kept backup, newest first, as the database records them (whichever instance made them). */
  backups: BackupItem[];
  /** How many nights' backups the server keeps (the newest of each night). */
  keep: number;
  /** When the nightly backup runs (HH:MM, UTC), or null when it is off. */
  dailyAtUtc: string | null;
}

/** GET/PATCH /api/admin/organisation. */
export interface OrganisationSettingsView {
  membershipMode: MembershipMode;
  consentAge: number;
  requireBirthDate: boolean;
  defaultLanguage: OrganisationLanguage;
  /** `leader`: a consent given through an email link waits for a leader's confirmation; `email`: valid at once. */
  consentVerification: ConsentVerification;
  /** Whether a shared link to a public upcoming event shows its name, date and cover in chat apps. */
  linkPreviews: boolean;
  /**
   * The IANA zone events are held in unless they name their own, and notices, calendars and ages are told in;
   * NOTIFICATIONS_TIME_ZONE until an admin saves one.
   */
  timeZone: string;
  /** What a guardian agrees to (the built-in text until an admin saves their own). */
  consentText: string;
  /** Raised by every change of consentText; a consent records the version its guardian read. */
  consentTextVersion: number;
  /**
   * Whether an admin has saved the settings once: until then the values above are the environment's and the web
   * app asks the first admin for the few that matter most (first-run setup).
   */
  configured: boolean;
}

/** An invite link as admins see it (they may copy it again from the list). */
/** GET /api/invites/{code}: the invite page's words, for anyone holding the code. */
export interface InvitePreview {
  /** Who made the link, as the invited person may see them (a minor by first name); null if gone. */
  inviter: { name: string } | null;
  organisation: { name: string };
  role: InviteRole;
}

export interface InviteView {
  code: string;
  /** Opens the web app's join page. */
  url: string;
  /** Opens the Mini App on the join page (t.me/<bot>?startapp=join_<code>); null without a bot. */
  miniAppUrl: string | null;
  expiresAt: string;
  /** null: as many uses as come before it expires. */
  maxUses: number | null;
  uses: number;
  role: InviteRole;
}

/** One row of the members admin list. */
export interface AdminMember {
  id: number;
  name: string;
  email: string | null;
  telegramUsername: string | null;
  /** A member role, or 'guardian' for an account made to consent for a child. */
  role: AccountRole;
  status: MemberStatus;
  createdAt: string;
  /** When the member last signed in or opened the Mini App (their newest session), or null. */
  lastSeenAt: string | null;
  /** Younger than the organisation's consent age today. */
  isMinor: boolean;
}

export interface MembersPage {
  members: AdminMember[];
  nextCursor: string | null;
}

/** GET /api/guardian/consent: what the consent page shows before the guardian decides. */
export interface GuardianConsentRequestView {
  child: { id: number; name: string };
  organisation: { name: string };
  consentText: string;
  consentTextVersion: number;
  expiresAt: string;
}

/** One of a child's replies to an event that has not started yet, as their guardian sees it. */
export interface GuardianChildReply {
  eventId: number;
  name: string;
  date: string;
  status: StoredRsvpStatus;
}

/** GET /api/guardian/children: a child of the signed-in guardian. */
export interface GuardianChild {
  id: number;
  name: string;
  birthDate: string | null;
  guardianConsent: GuardianConsentState;
  photoConsent: PhotoConsent;
  upcoming: GuardianChildReply[];
  /**
   * This account consented by email and a leader has not confirmed it yet: until then it is not the child's
   * guardian (no slips, no replies, no photo choice, no event list: `upcoming` is empty).
   */
  awaitingVerification: boolean;
}

/** POST /api/guardian/consent: whom the consent was for, and whether a leader still has to confirm it. */
/**
 * How a guardian request reaches the parent: `email` when the consent email was queued (email sending is on and
 * configured), `link_only` when no email leaves and the child must pass the link on herself.
 */
export type GuardianRequestDelivery = 'email' | 'link_only';

/** POST /api/users/me/guardians (202). `link` is the consent link, for the child to pass on in both cases. */
export interface GuardianRequestSent {
  status: 'sent';
  delivery: GuardianRequestDelivery;
  link: string;
  expiresAt: string;
}

/**
 * GET /api/users/me/guardians: the child's open request (newest unused, unexpired), or null. `email` is what
 * became of the consent email: `queued` (waiting in the outbox), `sent`, `failed`, or null when none was queued.
 * `link` is null for a request made before the link was kept.
 */
export interface GuardianRequestState {
  request: {
    sentTo: string;
    delivery: GuardianRequestDelivery;
    email: 'queued' | 'sent' | 'failed' | null;
    link: string | null;
    expiresAt: string;
  } | null;
  /** Whether email sending is on and configured now (a permission slip's email leaves only then). */
  emailEnabled: boolean;
}

export interface GuardianConsentGiven {
  child: { id: number; name: string };
  awaitingVerification: boolean;
}

/**
 * An emailed consent waiting for a leader (GET /api/admin/consents/awaiting): what a leader needs to judge
 * whether the account is really the child's parent or guardian.
 */
export interface ConsentAwaitingVerification {
  childId: number;
  childName: string;
  guardianId: number;
  guardianName: string;
  /** The address the consent link was emailed to (null once the child's data was erased). */
  sentTo: string | null;
  /** How the consenting account can sign in; its sign-in email (Google or a confirmed linked one), if any. */
  signInMethods: SignInMethod[];
  accountEmail: string | null;
  telegramUsername: string | null;
  accountCreatedAt: string;
  /** When the child sent the request (null when the request is gone). */
  requestedAt: string | null;
  consentedAt: string;
  /** Whole minutes from the request to the account's creation: negative when the account is older. */
  createdAfterRequestMinutes: number | null;
  /** The account was created after the request was sent: made for this, so who holds it is unknown. */
  warning: boolean;
}

/** A member's age and consent as an admin's consent record answers it. */
export interface MemberStanding {
  id: number;
  birthDate: string | null;
  isMinor: boolean;
  guardianConsent: GuardianConsentState;
}

/**
 * GET /api/admin/needs: what waits for a leader. `null`: not this viewer's to act on (an organiser sees only the
 * slips on their own events). `slipsEventId`: the soonest event with slips waiting, where they are listed.
 */
export interface LeaderNeeds {
  pendingMembers: number | null;
  openReports: number | null;
  consentsAwaitingVerification: number | null;
  slipsWaiting: number;
  slipsEventId: number | null;
}
