// Business constants of SPEC §9, shared by the API, the bot and the web app.

export {
  FEATURED_EVENTS_COUNT,
  IMAGE_UPLOAD,
  ORGANISATION_LANGUAGES,
  SAMPLE_EVENT_IMAGES,
  UPLOADED_IMAGE_URL,
  type OrganisationLanguage,
} from './first-page-constants';

export const TELEGRAM_WIDGET_LOAD_CHECK_MS = 3000;
export const MANUAL_LOGIN_POLL_MS = 3000;
export const CALLBACK_CLOSE_DELAY_MS = 2000;
export const GOOGLE_POPUP = { width: 500, height: 600 } as const;
export const TEMPLATE_MIN_LENGTH = 10;
export const DEFAULT_SMTP_PORT = 587;
export const SMTP_PORT_HINTS = [25, 465, 587, 2525] as const;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'telegram'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Confirming a phone number by a code sent to it (DESIGN §4: contact points are verified before use). */
export const PHONE_VERIFICATION = {
  codeLength: 6,
  codeTtlMs: 10 * 60_000,
  /** Between two codes for one member. */
  resendAfterMs: 60_000,
  /** Guesses per code; the code is void after them. */
  maxAttempts: 5,
  /** Codes per member per day, and per phone number per day (whoever asks). */
  perDay: 5,
} as const;

export const TEMPLATE_TYPES = ['event_created', 'event_updated'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_CHANNELS = ['email', 'sms'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];
export const TEMPLATE_VARIABLES: Record<TemplateType, readonly string[]> = {
  event_created: ['eventName', 'eventDate', 'eventLocation'],
  event_updated: ['eventName', 'eventDate', 'eventLocation', 'updateType'],
};

/** What a member may choose (POST /api/events/{id}/attend). */
export const RSVP_STATUSES = ['attending', 'not_attending', 'maybe'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];
/**
 * What a reply can be stored as: a choice, 'waitlisted' when 'attending' met a full event, or
 * 'awaiting_guardian' when a minor's 'attending' waits for a guardian's approval, 'awaiting_payment' when an
 * 'attending' to a pay-to-confirm event waits for the payment (the spot is held in both).
 */
export const STORED_RSVP_STATUSES = [
  'attending',
  'not_attending',
  'maybe',
  'waitlisted',
  'awaiting_guardian',
  'awaiting_payment',
] as const;
export type StoredRsvpStatus = (typeof STORED_RSVP_STATUSES)[number];
export const ATTENDANCE_STATUSES = [...STORED_RSVP_STATUSES, 'not_responded', 'not_authenticated'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** Registration questions (PUT /api/events/{id}/questions) and their answers. */
export const QUESTION_KINDS = ['text', 'long_text', 'single', 'multi', 'checkbox', 'number', 'date'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_LIMITS = {
  questionsMax: 50,
  labelMax: 200,
  optionsMax: 20,
  optionMax: 200,
  /** Characters of a text answer; a long_text answer may have ten times as many. */
  textMax: 500,
} as const;

/** Capacity, guests and the organiser's tools. */
export const RSVP_LIMITS = {
  /** An event's capacity in people (members and guests): 1 to this, or no limit. */
  capacityMax: 100_000,
  /** Extra people a member may bring, at most (the event sets its own limit up to this). */
  guestsMax: 5,
  /** The organiser's RSVP digest: at most one message per this interval. */
  digestIntervalMs: 60 * 60_000,
  /** An organiser's message to attendees. */
  messageMax: 2000,
} as const;

/**
 * What an event pass's QR code holds (the signed token, also typed at the door): the server's check-in rule, and
 * the scanners' quick test that a code read by a camera is a pass at all before it is sent.
 */
export const PASS_TOKEN = /^[A-Za-z0-9_-]{16,200}$/;

/** Who an organiser's message goes to. */
export const MESSAGE_AUDIENCES = ['attending', 'waitlisted', 'maybe'] as const;

/**
 * Messages to attendees land in members' inboxes and phones: at most this many about one event an hour, and from
 * one organiser a day (besides the general write limit).
 */
export const MESSAGE_LIMITS = { perEventPerHour: 10, perOrganiserPerDay: 30 } as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

/**
 * Covers drawn in the organisation's own colour (BRAND_COLOR): the server draws each pattern as SVG for the
 * page and as PNG for chat apps' link previews (api/src/modules/web/brand-covers.ts), so they follow the colour
 * without a rebuild. An event stores the SVG's path, like a sample image's.
 */
export const BRAND_COVER_PATTERNS = [
  'glow',
  'waves',
  'stripes',
  'confetti',
  'rays',
  'rings',
  'dots',
  'blocks',
] as const;
export type BrandCoverPattern = (typeof BRAND_COVER_PATTERNS)[number];
export const brandCoverUrl = (pattern: BrandCoverPattern) => `/images/events/brand-${pattern}.svg`;

/** Limits the SPEC leaves open; chosen so no field can grow without bound. */
export const LIMITS = {
  eventName: 200,
  eventDescription: 5000,
  eventLocation: 300,
  imageUrl: 2048,
  comment: 2000,
  reportReason: 500,
  /** Why an admin suspended, changed a role or deleted (kept in the audit entry). */
  adminReason: 500,
  template: 5000,
  userName: 200,
  email: 254,
  smtpField: 255,
  inviteesPerRequest: 10000,
} as const;

/** Recurring events: how often, and how a monthly series picks its day. */
export const RECURRENCE_FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];
export const MONTHLY_BY = ['day', 'weekday'] as const;
export type MonthlyBy = (typeof MONTHLY_BY)[number];
/** A series has at most this many occurrences ahead (and a count at most this). */
export const RECURRENCE_MAX_COUNT = 52;
/** Which occurrences an edit or delete of one occurrence applies to. */
export const SERIES_SCOPES = ['this', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** Members' standing: waiting for approval, in, or suspended. */
export const MEMBER_STATUSES = ['active', 'pending', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** What a member may do: organisers create and run their own events, admins everything. */
export const MEMBER_ROLES = ['member', 'organiser', 'admin'] as const;
/**
 * Every role an account can hold: the member roles, and 'guardian' (an account made to consent for a child;
 * it sees only what concerns its children). Admins give member roles; nobody is given 'guardian'.
 */
export const ACCOUNT_ROLES = ['guardian', ...MEMBER_ROLES] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Where a member under the consent age stands: adults need no consent. */
export const GUARDIAN_CONSENT_STATES = [
  'not_needed',
  'required',
  'pending',
  'awaiting_verification',
  'granted',
] as const;
export type GuardianConsentState = (typeof GUARDIAN_CONSENT_STATES)[number];

/** What a guardian allows for a minor's photo: everyone who sees them, organisers and admins only, or nobody. */
export const PHOTO_CONSENTS = ['full', 'internal', 'none'] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];

/** How a consent was given: through the emailed link, or on paper or in person (recorded by an admin). */
export const CONSENT_METHODS = ['email_link', 'paper', 'in_person'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** How an account can sign in, as the admins' consent check names it. */
export const SIGN_IN_METHODS = ['google', 'telegram', 'email', 'demo'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A permission slip's answer. */
export const PERMISSION_SLIP_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;
export type PermissionSlipStatus = (typeof PERMISSION_SLIP_STATUSES)[number];

/** Guardians and consent: how long links and slips last. */
export const GUARDIAN_LIMITS = {
  /** A consent request's link works this long. */
  consentLinkMs: 7 * 24 * 60 * 60 * 1000,
  /** The oldest birth date accepted, in years before today. */
  maxAgeYears: 120,
  /** Consent emails one member may ask for in a day: each goes to an address of their choosing. */
  requestsPerDay: 5,
} as const;

/** The longest consent text an admin may save. */
export const CONSENT_TEXT_MAX = 5000;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How a first sign-in becomes a member: at once (open), after an admin's approval, or only by an invite link. */
export const MEMBERSHIP_MODES = ['open', 'approval', 'invite'] as const;
export type MembershipMode = (typeof MEMBERSHIP_MODES)[number];

/**
 * How a guardian's consent given through an email link becomes valid: after a leader confirms it (`leader`),
 * or at once (`email`), for organisations that accept that an email address proves parenthood.
 */
export const CONSENT_VERIFICATIONS = ['leader', 'email'] as const;
export type ConsentVerification = (typeof CONSENT_VERIFICATIONS)[number];

/** The ages from which a member may consent for themselves (GDPR Art. 8 lets member states choose 13 to 16). */
export const CONSENT_AGE = { min: 13, max: 16 } as const;

/** Invite links: how many uses and days an admin may give one, and the roles one may grant. */
export const INVITE_LIMITS = { maxUses: 1000, maxDays: 90, defaultDays: 14 } as const;
export const INVITE_ROLES = ['member', 'organiser'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** The members admin list's page size. */
export const MEMBERS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;

/**
 * What a member says a reported comment is. A safeguarding concern (a child may be at risk) alerts every admin at
 * once; the others wait for the admins' hourly digest. A report made without one (an older client) is "other".
 */
export const REPORT_CATEGORIES = ['spam', 'bullying', 'safeguarding', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** Every governance action the audit log records. */
export const AUDIT_ACTIONS = [
  'member.approved',
  'member.role_changed',
  'member.suspended',
  'member.reinstated',
  'member.deleted',
  'invite.created',
  'invite.revoked',
  'invite.used',
  'comment.removed',
  'report.resolved',
  'report.safeguarding',
  'event.deleted',
  'attendees.exported',
  'message.sent',
  'settings.changed',
  'account.deleted',
  'account.exported',
  'audit.pruned',
  'consent.requested',
  'consent.granted',
  'consent.withdrawn',
  'consent.verified',
  'consent.rejected',
  'member.birth_date_changed',
  'photo_consent.changed',
  'slip.approved',
  'slip.declined',
  'slip.expired',
  'care.viewed',
  'trip_sheet.viewed',
  'answers.sensitive_viewed',
  'answers.purged',
  'section.created',
  'section.updated',
  'section.deleted',
  'section.members_changed',
  'section.leaders_changed',
  'leader_check.added',
  'leader_check.removed',
  'leader.lapsed',
  'event.leaders_changed',
  'register.saved',
  'event.nudged',
  'payment.recorded',
  'payment.undone',
  'payment.waived',
  'payment.refunded',
  'payment.hold_expired',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
