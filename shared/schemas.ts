// Every request body of SPEC §7, written once: the API validates with these and the web app's forms use them.
import { z } from 'zod';
import { asWritten, inEnglish, type ErrorMessage } from './errors';
import {
  AUDIT_ACTIONS,
  QUESTION_KINDS,
  QUESTION_LIMITS,
  CONSENT_AGE,
  CONSENT_TEXT_MAX,
  CONSENT_VERIFICATIONS,
  PHOTO_CONSENTS,
  INVITE_LIMITS,
  INVITE_ROLES,
  ACCOUNT_ROLES,
  MEMBER_ROLES,
  MEMBERS_PAGE,
  MEMBERSHIP_MODES,
  ORGANISATION_LANGUAGES,
  DEFAULT_SMTP_PORT,
  LIMITS,
  SAMPLE_EVENT_IMAGES,
  BRAND_COVER_PATTERNS,
  brandCoverUrl,
  UPLOADED_IMAGE_URL,
  NOTIFICATION_CHANNELS,
  PHONE_VERIFICATION,
  MESSAGE_AUDIENCES,
  MONTHLY_BY,
  PASS_TOKEN,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_MAX_COUNT,
  REPORT_CATEGORIES,
  RSVP_LIMITS,
  RSVP_STATUSES,
  SERIES_SCOPES,
  TEMPLATE_CHANNELS,
  TEMPLATE_MIN_LENGTH,
  TEMPLATE_TYPES,
} from './constants';
import { isCalendarDate } from './age';
import { MSG, type FieldName, type MessageWithValues } from './messages';
import { canonicalTimeZone, isTimeZone } from './time-zones';

/** PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate is not valid UTF-8: refuse both up front. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
const UNSTORABLE_TEXT = MSG.textNotAllowed;

/**
 * Zod carries an issue's message as text, so a message with values is given to it in English and remembered
 * here: the API finds the message again (validationMessage) and answers it in the request's language.
 */
const schemaMessages = new Map<string, MessageWithValues>();
/** Messages made while parsing (naming what the request sent): bounded, as any input can make one. */
const parseMessages = new Map<string, MessageWithValues>();

/**
 * A message with values for a schema, in English (as zod holds it); exported for the feature schemas kept in
 * files of their own (shared/care.ts).
 */
export function said(message: MessageWithValues): string {
  const text = inEnglish(message);
  schemaMessages.set(text, message);
  return text;
}

/** A message with values made while parsing a request, in English. */
function saidNow(message: MessageWithValues): string {
  const text = inEnglish(message);
  if (parseMessages.size >= 200) parseMessages.clear();
  parseMessages.set(text, message);
  return text;
}

/** The message behind an issue's text: a message with values said by a schema, else the text itself. */
export const validationMessage = (text: string): ErrorMessage =>
  schemaMessages.get(text) ?? parseMessages.get(text) ?? asWritten(text);

/**
 * A request field that messages name as the client sends it, in every language: no form shows it under a name.
 * Any other text field is named in FIELD_NAMES (shared/messages.ts).
 */
type AsWrittenField = 'consentText' | 'q' | 'note' | CareField;
/** The care card's fields (shared/care.ts), named by their place in the request: emergencyContacts[1].phone. */
export type CareField =
  | 'allergies'
  | 'medications'
  | 'medicalNotes'
  | 'dietary.notes'
  | `emergencyContacts[${number}].${'name' | 'relation' | 'phone'}`;

const fieldLimits = new Map<string, Set<number>>();
/**
 * Every text limit a schema names its field for, by field (a field may have one per request that takes it):
 * filled as the schemas below are made. docs/features/security.md lists them (tests/ops/docs-match-code.test.ts).
 */
export const FIELD_LIMITS: ReadonlyMap<string, ReadonlySet<number>> = fieldLimits;

/** The message for text over its limit, naming the field: 'Name must be at most 200 characters'. */
export function tooLongMessage(field: FieldName | AsWrittenField, max: number): string {
  // A list's entries share their limits: one row for emergencyContacts[].name, not one per place.
  const listed = field.replace(/\[\d+\]/g, '[]');
  fieldLimits.set(listed, (fieldLimits.get(listed) ?? new Set()).add(max));
  return said(MSG.fieldTooLong({ field, max }));
}
const boolean = (field: string) => said(MSG.fieldBoolean({ field }));
const wholeNumber = (field: string, min: number, max: number) => said(MSG.fieldWholeNumber({ field, min, max }));
const eitherOr = (field: string, first: string, second: string) => said(MSG.fieldEitherOr({ field, first, second }));
const oneOfThree = (field: string, first: string, second: string, third: string) =>
  said(MSG.fieldOneOfThree({ field, first, second, third }));
const oneOf = (field: string, options: readonly string[]) =>
  said(MSG.fieldOneOf({ field, options: options.join(', ') }));
const mustBeText = (field: FieldName | AsWrittenField) => said(MSG.fieldText({ field }));

const requiredText = (message: string, max: number, field: FieldName) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLongMessage(field, max) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT });

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text read in another order
 * than it is written ("Flat 3B" shown as something else, "gpj.exe" as "exe.jpg").
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/** Line breaks of every kind, with the spaces around them. */
const LINE_BREAKS = /[^\S\r\n\u2028\u2029\u0085]*[\r\n\u2028\u2029\u0085]+\s*/g;

/** One line of plain text: without bidi controls, each line break (and the spaces around it) one space. */
export const singleLine = (text: string) => text.replace(BIDI_CONTROLS, '').replace(LINE_BREAKS, ' ');

/**
 * A required one-line text (an event's name or place): cleaned by singleLine, then judged like requiredText. It
 * shows in headings, chat cards, calendar entries and email subjects, where a line break or reordering has no
 * place.
 */
export const requiredLine = (message: string, max: number, field: FieldName) =>
  z
    .string({ error: message })
    .transform(singleLine)
    .pipe(requiredText(message, max, field));

/**
 * An optional one-line text (an event's public summary): cleaned like requiredLine and trimmed; '' or null is
 * none. Left out, it is undefined: on create the field's default, on edit the stored value (events-service).
 */
export const optionalLine = (field: FieldName, max: number) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: mustBeText(field) })
        .transform(singleLine)
        .pipe(
          z
            .string()
            .trim()
            .max(max, { error: tooLongMessage(field, max) })
            .refine(isStorableText, { error: UNSTORABLE_TEXT }),
        )
        .nullable(),
    )
    .optional();

// ---- users -------------------------------------------------------------------------------------------

export const phoneNumberSchema = z
  .string({ error: MSG.phoneRequired })
  .trim()
  .min(1, { error: MSG.phoneRequired })
  .regex(/^\+?[1-9]\d{0,14}$/, { error: MSG.phoneInvalid });

export const telegramUsernameSchema = z
  .string({ error: MSG.telegramUsernameRequired })
  .trim()
  .min(1, { error: MSG.telegramUsernameRequired })
  .regex(/^[A-Za-z0-9_]{5,32}$/, { error: MSG.telegramUsernameInvalid });

export const updatePhoneSchema = z.strictObject({ phoneNumber: phoneNumberSchema });
export const updateTelegramUsernameSchema = z.strictObject({ telegramUsername: telegramUsernameSchema });
/** Hide my name from other members' attendee lists (organisers still see it). */
export const updateAttendeePrivacySchema = z.strictObject({
  hideFromAttendees: z.boolean({ error: boolean('hideFromAttendees') }),
});
/** PATCH /api/users/me takes phoneNumber only, or telegramUsername only, or hideFromAttendees only. */
export const updateMeSchema = z.union([updatePhoneSchema, updateTelegramUsernameSchema, updateAttendeePrivacySchema], {
  error: MSG.updateMeOneField,
});
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** PATCH /api/users/me/language: one of the languages we speak, or null to follow Telegram and the browser. */
export const languageChoiceSchema = z.strictObject({
  language: z.enum(ORGANISATION_LANGUAGES, { error: MSG.languageUnsupported }).nullable(),
});

/** PATCH /api/users/me/calendar-feed: list every event the member may see, or only those they reply to. */
export const calendarFeedSettingsSchema = z.strictObject({
  allEvents: z.boolean({ error: boolean('allEvents') }),
});
/** POST /api/users/me/calendar-feed/regenerate: no body (or `{}`). */
export const emptyBodySchema = z.strictObject({});

/** POST /api/users/me/phone/verification: no body (or `{}`); the code goes to the saved number. */
export const sendPhoneCodeSchema = z.strictObject({});

const PHONE_CODE = new RegExp(`^\\d{${PHONE_VERIFICATION.codeLength}}$`);
export const phoneCodeSchema = z
  .string({ error: MSG.phoneCodeFormat })
  .trim()
  .regex(PHONE_CODE, { error: MSG.phoneCodeFormat });
/** POST /api/users/me/phone/verify */
export const verifyPhoneSchema = z.strictObject({ code: phoneCodeSchema });

export const preferencesSchema = z.strictObject({
  preferences: z
    .array(z.enum(NOTIFICATION_CHANNELS, { error: MSG.channelUnknown }), {
      error: MSG.preferencesList,
    })
    .max(NOTIFICATION_CHANNELS.length)
    .transform((list) => [...new Set(list)]),
});

/** DELETE /api/users/me: erasing an account needs an explicit yes in the body, not only a request. */
export const deleteAccountSchema = z.object({
  confirm: z.literal(true, { error: MSG.deletionConfirm }),
});

export const emailSchema = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(LIMITS.email, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((email) => email.toLowerCase());

// ---- events ------------------------------------------------------------------------------------------

/** The id in an uploaded image's URL (/api/images/<id>), or null for anything else (a sample image). */
export function uploadedImageId(url: string): string | null {
  return UPLOADED_IMAGE_URL.exec(url)?.[1] ?? null;
}
const isSampleImage = (url: string) =>
  (SAMPLE_EVENT_IMAGES as readonly string[]).includes(url) ||
  BRAND_COVER_PATTERNS.some((pattern) => brandCoverUrl(pattern) === url);

/**
 * One of the 4 sample images, a cover in the brand colour or an upload (/api/images/<id>); the server also checks that the upload exists
 * and that the caller may use it. Never another site's URL, javascript: or data: URLs.
 */
const imageUrlSchema = requiredText(MSG.eventFieldsRequired, LIMITS.imageUrl, 'imageUrl').refine(
  (url) => isSampleImage(url) || uploadedImageId(url) !== null,
  { error: MSG.eventImageInvalid },
);

const isEventYear = (year: number) => year >= 1900 && year <= 9999;
/**
 * ISO 8601 as the form sends it (a date, optionally a time and an offset). Date.parse alone also guesses at
 * '1', 'March 7' or '06/01/2030', in the server's own time zone.
 */
const ISO_DATE = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const ISO_PARTS = /^([+-]?\d{4,6})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/;
/** The calendar day and clock time exist: Date.parse rolls 2030-02-30 over to March 2 and takes 24:30. */
function isRealDate(value: string): boolean {
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = ISO_PARTS.exec(value) ?? [];
  if (year === undefined || month === undefined || day === undefined) return false;
  const check = new Date(Date.UTC(2000, Number(month) - 1, Number(day)));
  check.setUTCFullYear(Number(year));
  return (
    check.getUTCMonth() === Number(month) - 1 &&
    check.getUTCDate() === Number(day) &&
    Number(hour) <= 23 &&
    Number(minute) <= 59 &&
    Number(second) <= 59
  );
}
const isIsoDate = (value: string) => ISO_DATE.test(value) && isRealDate(value) && !Number.isNaN(Date.parse(value));
/** Without an offset the time is UTC, whatever the server's own zone ('2030-03-07T19:00' is 19:00Z). */
const hasOffset = (value: string) => /T.*(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
const toInstant = (value: string) => new Date(value.includes('T') && !hasOffset(value) ? `${value}Z` : value);

/** An IANA zone (Europe/Berlin), stored in its canonical spelling. */
export const timeZoneSchema = z
  .string({ error: MSG.timeZoneInvalid })
  .trim()
  .max(64, { error: MSG.timeZoneInvalid })
  .refine((zone) => canonicalTimeZone(zone) !== null, { error: MSG.timeZoneInvalid })
  .transform((zone) => canonicalTimeZone(zone)!);

/** An empty form field ('') means "none", like null. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

/**
 * The RSVP settings of an event. Left out: on create the defaults (no capacity, no guests, open
 * until the event, no digest); on edit the stored values are kept, so older clients change nothing.
 */
const rsvpSettingsShape = {
  capacity: z
    .preprocess(
      emptyAsNull,
      z
        .number({ error: MSG.capacityInvalid })
        .int({ error: MSG.capacityInvalid })
        .min(1, { error: MSG.capacityInvalid })
        .max(RSVP_LIMITS.capacityMax, { error: MSG.capacityInvalid })
        .nullable(),
    )
    .optional(),
  guestsAllowed: z
    .number({ error: MSG.guestsAllowedInvalid })
    .int({ error: MSG.guestsAllowedInvalid })
    .min(0, { error: MSG.guestsAllowedInvalid })
    .max(RSVP_LIMITS.guestsMax, { error: MSG.guestsAllowedInvalid })
    .optional(),
  rsvpClosesAt: z
    .preprocess(
      emptyAsNull,
      z
        .string({ error: MSG.rsvpClosesAtInvalid })
        .max(64, { error: MSG.rsvpClosesAtInvalid })
        .refine(isIsoDate, { error: MSG.rsvpClosesAtInvalid })
        .refine((value) => isEventYear(toInstant(value).getUTCFullYear()), { error: MSG.rsvpClosesAtInvalid })
        .transform((value) => toInstant(value).toISOString())
        .nullable(),
    )
    .optional(),
  /** The organiser's opt-in: one message (email/Telegram, their channels) an hour at most about new RSVPs. */
  rsvpDigest: z.boolean({ error: boolean('rsvpDigest') }).optional(),
  /** Members under the consent age need a guardian's approval (a permission slip) to attend. */
  requiresGuardianApproval: z.boolean({ error: boolean('requiresGuardianApproval') }).optional(),
};

export const eventInputSchema = z.object({
  name: requiredLine(MSG.eventFieldsRequired, LIMITS.eventName, 'name'),
  description: requiredText(MSG.eventFieldsRequired, LIMITS.eventDescription, 'description'),
  date: requiredText(MSG.eventFieldsRequired, 64, 'date')
    .refine(isIsoDate, { error: MSG.eventDateInvalid })
    // JavaScript dates reach far beyond what the database (and anyone's calendar) can hold.
    .refine((value) => isEventYear(toInstant(value).getUTCFullYear()), { error: MSG.eventDateOutOfRange })
    .transform((value) => toInstant(value).toISOString()),
  /** Left out: on create the organisation's zone, on edit the stored one. */
  timeZone: timeZoneSchema.optional(),
  location: requiredLine(MSG.eventFieldsRequired, LIMITS.eventLocation, 'location'),
  imageUrl: imageUrlSchema,
  isPublic: z.boolean({ error: boolean('isPublic') }).default(true),
  /** What visitors may read (the shared page's teaser, link previews). */
  publicSummary: optionalLine('publicSummary', LIMITS.publicSummary),
  /** The event's section (its members see it); null: the whole organisation. Left out: a create's null, an edit's kept. */
  sectionId: z
    .number({ error: MSG.sectionInvalid })
    .int({ error: MSG.sectionInvalid })
    .positive({ error: MSG.sectionInvalid })
    .max(2_147_483_647, { error: MSG.sectionInvalid })
    .nullable()
    .optional(),
  ...rsvpSettingsShape,
});
export type EventInput = z.input<typeof eventInputSchema>;

/**
 * Every text field of the event form is named in its messages: one that FIELD_NAMES (shared/messages.ts) lacks
 * fails here ("Type 'true' is not assignable to type '"<field>"'"); add it there. The time zone and the RSVP
 * closing time have messages of their own.
 */
type EventOutput = z.output<typeof eventInputSchema>;
type EventTextField = {
  [K in keyof EventOutput]-?: NonNullable<EventOutput[K]> extends string ? K : never;
}[keyof EventOutput];
type UnnamedEventField = Exclude<EventTextField, FieldName | 'timeZone' | 'rsvpClosesAt'>;
const _everyEventFieldNamed: [UnnamedEventField] extends [never] ? true : UnnamedEventField = true;
/** An edit sends the event as create does; a left-out isPublic keeps the stored visibility instead of publishing. */
export const eventUpdateSchema = eventInputSchema.extend({
  isPublic: z.boolean({ error: boolean('isPublic') }).optional(),
});

/** GET /api/events paged: about 50 a page by default, at most 100. */
export const EVENTS_PAGE = { defaultLimit: 50, maxLimit: 100 } as const;
export const EVENTS_WHEN = ['upcoming', 'past'] as const;
export type EventsWhen = (typeof EVENTS_WHEN)[number];

/**
 * The paged list's query: `when` (default upcoming), `limit`, the opaque `cursor` of the page before, and
 * `mine=true` for only the events the caller is going to (attending, maybe, waitlisted or waiting for a
 * guardian). A key given twice arrives as an array and is refused like any other malformed value.
 */
export const eventsPageQuerySchema = z.object({
  when: z.enum(EVENTS_WHEN, { error: eitherOr('when', 'upcoming', 'past') }).default('upcoming'),
  mine: z
    .enum(['true', 'false'], { error: boolean('mine') })
    .transform((value) => value === 'true')
    .default(false),
  limit: z
    .string({ error: wholeNumber('limit', 1, EVENTS_PAGE.maxLimit) })
    .regex(/^\d{1,3}$/, { error: wholeNumber('limit', 1, EVENTS_PAGE.maxLimit) })
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= EVENTS_PAGE.maxLimit, {
      error: wholeNumber('limit', 1, EVENTS_PAGE.maxLimit),
    })
    .default(EVENTS_PAGE.defaultLimit),
  cursor: z
    .string({ error: MSG.cursorInvalid })
    .min(1, { error: MSG.cursorInvalid })
    .max(100, { error: MSG.cursorInvalid })
    .optional(),
});
export type EventsPageQuery = z.output<typeof eventsPageQuerySchema>;

// ---- recurring events --------------------------------------------------------------------------------

const RECURRENCE_UNTIL = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/;
/** An ISO date or date-time whose day exists: Date.parse would read 2030-02-30 as March 2nd. */
function isRealIsoDate(value: string): boolean {
  const match = RECURRENCE_UNTIL.exec(value);
  if (!match || !isIsoDate(value)) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/**
 * How an event repeats. Exactly one end: `count` occurrences in all, or `until` (a date: that whole day in the
 * event's zone; a date-time: occurrences starting by then). Monthly: `monthlyBy` "day" (the 31st) or "weekday"
 * (the second Tuesday); default "day".
 */
export const recurrenceSchema = z
  .object(
    {
      frequency: z.enum(RECURRENCE_FREQUENCIES, { error: oneOfThree('frequency', 'weekly', 'biweekly', 'monthly') }),
      count: z
        .number({ error: wholeNumber('count', 1, RECURRENCE_MAX_COUNT) })
        .int({ error: wholeNumber('count', 1, RECURRENCE_MAX_COUNT) })
        .min(1, { error: wholeNumber('count', 1, RECURRENCE_MAX_COUNT) })
        .max(RECURRENCE_MAX_COUNT, { error: wholeNumber('count', 1, RECURRENCE_MAX_COUNT) })
        .optional(),
      until: z
        .string({ error: MSG.untilInvalid })
        .max(64, { error: MSG.untilInvalid })
        .refine(isRealIsoDate, { error: MSG.untilInvalid })
        .optional(),
      monthlyBy: z.enum(MONTHLY_BY, { error: eitherOr('monthlyBy', 'day', 'weekday') }).optional(),
    },
    { error: MSG.recurrenceObject },
  )
  .refine((rule) => (rule.count === undefined) !== (rule.until === undefined), {
    error: MSG.recurrenceOneEnd,
  });
export type RecurrenceInput = z.input<typeof recurrenceSchema>;

/** POST /api/events: an event, and optionally how it repeats (the answer is the first occurrence). */
export const eventCreateSchema = eventInputSchema.extend({ recurrence: recurrenceSchema.optional() });
export type EventCreateInput = z.input<typeof eventCreateSchema>;

/** ?scope= of PATCH and DELETE /api/events/{id}: this occurrence (default) or it and every later one. */
export const seriesScopeQuerySchema = z.object({
  scope: z
    .enum(SERIES_SCOPES, { error: eitherOr('scope', 'this', 'following') })
    .optional()
    .transform((scope) => scope ?? 'this'),
});

const guestsSchema = z
  .number({ error: MSG.rsvpGuestsInvalid })
  .int({ error: MSG.rsvpGuestsInvalid })
  .min(0, { error: MSG.rsvpGuestsInvalid })
  .max(RSVP_LIMITS.guestsMax, { error: MSG.rsvpGuestsInvalid });

/** A guardian acting for their child: the child's account id. */
const forUserIdSchema = z
  .number({ error: MSG.forUserIdInvalid })
  .int({ error: MSG.forUserIdInvalid })
  .positive({ error: MSG.forUserIdInvalid })
  .max(2_147_483_647, { error: MSG.forUserIdInvalid })
  .optional();

/**
 * POST /api/events/{id}/attend. `guests` (extra people brought) counts only with 'attending'; left out, the
 * member keeps the guests they had.
 */
export const attendSchema = z.object({
  status: z.enum(RSVP_STATUSES, { error: MSG.rsvpStatusInvalid }),
  guests: guestsSchema.optional(),
  /** Answers to the event's registration questions, by question id (checked against each question's kind). */
  answers: z.lazy(() => answersSchema).optional(),
  /** A guardian replying for their child (the child's account id). */
  forUserId: forUserIdSchema,
});
export type AttendInput = z.infer<typeof attendSchema>;

/** POST /api/guardian/children/{childId}/events/{eventId}/approval: a guardian's answer to a permission slip. */
export const slipDecisionSchema = z.object({
  approve: z.boolean({ error: boolean('approve') }),
});

/** POST /api/events/{id}/messages: the organiser writes to everyone attending, waitlisted or maybe. */
export const eventMessageSchema = z.object({
  audience: z.enum(MESSAGE_AUDIENCES, { error: MSG.messageAudienceInvalid }),
  text: requiredText(MSG.messageTextRequired, RSVP_LIMITS.messageMax, 'message'),
});
export type EventMessageInput = z.infer<typeof eventMessageSchema>;

/** POST /api/events/{id}/check-in: the member's id (typed or picked by the organiser) or their scanned pass. */
export const checkInSchema = z.union(
  [
    z.strictObject({
      userId: z
        .number({ error: MSG.checkInTarget })
        .int({ error: MSG.checkInTarget })
        .positive({ error: MSG.checkInTarget })
        .max(2_147_483_647, { error: MSG.checkInTarget }),
    }),
    z.strictObject({ pass: z.string().trim().regex(PASS_TOKEN, { error: MSG.passInvalid }) }),
  ],
  { error: MSG.checkInTarget },
);
export type CheckInInput = z.infer<typeof checkInSchema>;

export const commentSchema = z.object({
  content: z
    .string({ error: MSG.commentEmpty })
    .trim()
    .min(1, { error: MSG.commentEmpty })
    .max(LIMITS.comment, { error: tooLongMessage('comment', LIMITS.comment) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT }),
});

/**
 * POST /api/events/{id}/comments/{commentId}/report. `category` is optional so that clients from before categories
 * keep working (their reports are "other"); the reason may be left out only when a category other than "other"
 * says what is wrong.
 */
export const commentReportSchema = z
  .object({
    category: z.enum(REPORT_CATEGORIES, { error: oneOf('Category', REPORT_CATEGORIES) }).default('other'),
    reason: z
      .string({ error: MSG.reportReasonEmpty })
      .trim()
      .max(LIMITS.reportReason, { error: tooLongMessage('reason', LIMITS.reportReason) })
      .refine(isStorableText, { error: UNSTORABLE_TEXT })
      .optional(),
  })
  .transform((body, ctx) => {
    const reason = body.reason ?? '';
    if (!reason && body.category === 'other') {
      ctx.addIssue({ code: 'custom', message: MSG.reportReasonEmpty, path: ['reason'] });
      return z.NEVER;
    }
    return { category: body.category, reason };
  });

const pageCursor = z
  .string({ error: MSG.cursorInvalid })
  .regex(/^[1-9]\d{0,17}$/, { error: MSG.cursorInvalid })
  .optional();

/** GET /api/admin/reports */
export const reportsQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: eitherOr('Status', 'open', 'resolved') }).default('open'),
  /** Only reports of this category; all when absent. */
  category: z.enum(REPORT_CATEGORIES, { error: oneOf('Category', REPORT_CATEGORIES) }).optional(),
  cursor: pageCursor,
});

/** POST /api/admin/reports/{id}/resolve */
export const resolveReportSchema = z.object({
  action: z.enum(['dismiss', 'remove_comment', 'suspend_author'], {
    error: oneOfThree('Action', 'dismiss', 'remove_comment', 'suspend_author'),
  }),
});

const LIMIT_1_100 = wholeNumber('Limit', 1, 100);

/** GET /api/admin/audit */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS, { error: MSG.auditActionUnknown }).optional(),
  actorId: z.coerce
    .number({ error: MSG.actorIdInvalid })
    .int({ error: MSG.actorIdInvalid })
    .positive({ error: MSG.actorIdInvalid })
    .max(2_147_483_647, { error: MSG.actorIdInvalid })
    .optional(),
  limit: z.coerce
    .number({ error: LIMIT_1_100 })
    .int({ error: LIMIT_1_100 })
    .min(1, { error: LIMIT_1_100 })
    .max(100, { error: LIMIT_1_100 })
    .default(50),
  cursor: pageCursor,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

const INVITEE_ID = MSG.inviteeIdsInvalid;
export const invitationsSchema = z.object({
  userIds: z
    .array(
      z.union(
        [
          z
            .number({ error: INVITEE_ID })
            .int({ error: INVITEE_ID })
            .positive({ error: INVITEE_ID })
            .max(2_147_483_647, { error: INVITEE_ID }),
          z.null(),
        ],
        { error: INVITEE_ID },
      ),
      { error: MSG.inviteeIdsList },
    )
    .max(LIMITS.inviteesPerRequest, { error: said(MSG.inviteesTooMany({ max: LIMITS.inviteesPerRequest })) })
    .transform((ids) => [...new Set(ids.filter((id): id is number => id !== null))])
    .refine((ids) => ids.length > 0, { error: MSG.noValidInvitees }),
});

// ---- admin -------------------------------------------------------------------------------------------

export const templateSchema = z.object({
  type: z.enum(TEMPLATE_TYPES, { error: MSG.templateTypeRequired }),
  channel: z.enum(TEMPLATE_CHANNELS, { error: MSG.templateChannelRequired }),
  template: z
    .string({ error: MSG.templateTooShort })
    .trim()
    .min(TEMPLATE_MIN_LENGTH, { error: MSG.templateTooShort })
    .max(LIMITS.template, { error: tooLongMessage('template', LIMITS.template) })
    .refine(isStorableText, { error: UNSTORABLE_TEXT }),
  /** The language the template is written in; absent: the organisation's (new) or the template's own (edit). */
  language: z.enum(ORGANISATION_LANGUAGES, { error: MSG.templateLanguageUnsupported }).optional(),
});
export type TemplateInput = z.infer<typeof templateSchema>;

/** A port: a positive integer; anything not numeric falls back to 587 (SPEC §5). */
const smtpPortSchema = z
  .union([z.number(), z.string(), z.null(), z.undefined()], { error: MSG.smtpPortPositive })
  .optional()
  .transform((value) => {
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (text === '' || Number.isNaN(Number(text))) return DEFAULT_SMTP_PORT;
    return Number(text);
  })
  .pipe(
    z
      .number()
      .int({ error: MSG.smtpPortPositive })
      .min(1, { error: MSG.smtpPortPositive })
      .max(65535, { error: MSG.smtpPortPositive }),
  );

export const smtpSettingsSchema = z.object({
  id: z.number().int().positive().optional(),
  host: requiredText(MSG.smtpHostRequired, LIMITS.smtpField, 'smtpHost'),
  port: smtpPortSchema,
  secure: z.boolean().default(false),
  auth_user: requiredText(MSG.smtpUserRequired, LIMITS.smtpField, 'username'),
  /** Write-only. May be left empty when a password is already stored (it is then kept). */
  auth_pass: z
    .string({ error: mustBeText('password') })
    .max(LIMITS.smtpField, { error: tooLongMessage('password', LIMITS.smtpField) })
    .optional(),
  from_email: emailSchema,
  from_name: requiredText(MSG.smtpFromNameRequired, LIMITS.smtpField, 'fromName'),
  enabled: z.boolean().default(false),
});
export type SmtpSettingsInput = z.input<typeof smtpSettingsSchema>;

export const testEmailSchema = z.object({
  testEmail: z
    .string({ error: MSG.testEmailRequired })
    .trim()
    .min(1, { error: MSG.testEmailRequired })
    .pipe(emailSchema),
});

// ---- sign-in -----------------------------------------------------------------------------------------

/**
 * Data from the Telegram Login Widget; verified by its hash on the server (a malformed hash simply fails
 * verification, so only missing fields are reported here).
 */
export const telegramAuthDataSchema = z.looseObject(
  {
    id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)], { error: MSG.telegramMissingParams }),
    first_name: z.string({ error: MSG.telegramMissingParams }).max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(LIMITS.imageUrl).optional(),
    auth_date: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/)], {
      error: MSG.telegramMissingParams,
    }),
    hash: z.string({ error: MSG.telegramMissingParams }).min(1, { error: MSG.telegramMissingParams }).max(128),
  },
  { error: MSG.telegramMissingParams },
);
export type TelegramAuthData = z.infer<typeof telegramAuthDataSchema>;

/** POST /api/auth/telegram-login. Only auth_data counts: the other fields are the client's claims. */
/** The server-issued state of POST /api/auth/state, carried through the Telegram callback URL. */
const authStateField = z.string().max(100).optional();

export const telegramLoginSchema = z.object({
  state: authStateField,
  telegramId: z.union([z.string(), z.number()]).optional(),
  name: z.string().max(LIMITS.userName).optional(),
  username: z.string().max(64).optional().nullable(),
  auth_data: telegramAuthDataSchema,
});

export const linkTelegramSchema = z.object({
  state: authStateField,
  telegramId: z.union([z.string(), z.number()]).optional(),
  telegramUsername: z.string().max(64).optional().nullable(),
  auth_data: telegramAuthDataSchema,
});
export const linkEmailSchema = z.object({ email: emailSchema });

/**
 * POST /api/auth/login. The SPEC's client sends {email, name}; those alone sign nobody in. A Google ID
 * token (`credential`) is verified on the server; in demo mode a demo account may be chosen instead.
 */
export const loginSchema = z.object({
  credential: z.string().min(1).max(8192).optional(),
  demoAccount: z.enum(['admin', 'member']).optional(),
  email: z.string().max(LIMITS.email).optional(),
  name: z.string().max(LIMITS.userName).optional(),
});

export const loginIdSchema = z
  .string({ error: MSG.telegramMissingLoginId })
  .regex(/^[A-Za-z0-9_-]{16,48}$/, { error: MSG.loginIdInvalid }); // fits a /start payload (64 chars) with 'login_'
/**
 * POST /api/telegram/register-login. The server creates login codes: `{ mode, state }` starts one for this
 * browser (spending the state from POST /api/auth/state); `{ loginId }` is the callback page asking again
 * for a code its own browser created.
 */
export const registerLoginSchema = z.union(
  [
    z.object({ loginId: loginIdSchema }),
    z.object({ mode: z.enum(['login', 'link']).default('login'), state: authStateField }),
  ],
  { error: MSG.loginRequestInvalid },
);

/** POST /api/auth/state: a sign-in or link is starting in this browser. */
export const authStateSchema = z.object({ purpose: z.enum(['login', 'link']) });

// ---- membership ---------------------------------------------------------------------------------------

const CONSENT_AGE_MESSAGE = wholeNumber('consentAge', CONSENT_AGE.min, CONSENT_AGE.max);
const TIME_ZONE_MESSAGE = said(MSG.fieldTimeZone({ field: 'timeZone' }));

/** An admin's change to the organisation's settings: any of them, at least one. */
export const organisationSettingsSchema = z
  .strictObject(
    {
      membershipMode: z
        .enum(MEMBERSHIP_MODES, { error: oneOfThree('membershipMode', 'open', 'approval', 'invite') })
        .optional(),
      consentAge: z
        .number({ error: CONSENT_AGE_MESSAGE })
        .int({ error: CONSENT_AGE_MESSAGE })
        .min(CONSENT_AGE.min, {
          error: CONSENT_AGE_MESSAGE,
        })
        .max(CONSENT_AGE.max, {
          error: CONSENT_AGE_MESSAGE,
        })
        .optional(),
      requireBirthDate: z.boolean({ error: boolean('requireBirthDate') }).optional(),
      defaultLanguage: z
        .enum(ORGANISATION_LANGUAGES, { error: oneOf('defaultLanguage', ORGANISATION_LANGUAGES) })
        .optional(),
      consentVerification: z
        .enum(CONSENT_VERIFICATIONS, { error: eitherOr('consentVerification', 'leader', 'email') })
        .optional(),
      linkPreviews: z.boolean({ error: boolean('linkPreviews') }).optional(),
      /** An IANA zone, stored as Intl spells it ('europe/berlin' is Europe/Berlin). */
      timeZone: z
        .string({ error: TIME_ZONE_MESSAGE })
        .trim()
        .max(64, { error: TIME_ZONE_MESSAGE })
        .refine(isTimeZone, { error: TIME_ZONE_MESSAGE })
        .transform((zone) => canonicalTimeZone(zone)!)
        .optional(),
      /** null or blank: back to the built-in text. */
      consentText: z
        .string({ error: mustBeText('consentText') })
        .trim()
        .max(CONSENT_TEXT_MAX, { error: tooLongMessage('consentText', CONSENT_TEXT_MAX) })
        .nullable()
        .transform((text) => (text ? text : null))
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? saidNow(MSG.settingUnknown({ settings: issue.keys.join(', ') }))
          : undefined,
    },
  )
  .refine((input) => Object.keys(input).length > 0, { error: MSG.settingsEmpty });
export type OrganisationSettingsInput = z.output<typeof organisationSettingsSchema>;

const wholeNumberField = (name: string, min: number, max: number) => {
  const message = wholeNumber(name, min, max);
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
};

export const inviteCreateSchema = z.strictObject({
  maxUses: wholeNumberField('maxUses', 1, INVITE_LIMITS.maxUses).optional(),
  expiresInDays: wholeNumberField('expiresInDays', 1, INVITE_LIMITS.maxDays).default(INVITE_LIMITS.defaultDays),
  role: z.enum(INVITE_ROLES, { error: eitherOr('role', 'member', 'organiser') }).default('member'),
});
export type InviteCreateInput = z.output<typeof inviteCreateSchema>;

/** An invite code as we make them (base64url); anything else is refused before a lookup. */
export const inviteCodeSchema = z
  .string({ error: MSG.inviteCodeRequired })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: MSG.inviteUnknown });
export const joinSchema = z.strictObject({ code: inviteCodeSchema });

const MEMBERS_LIMIT_MESSAGE = wholeNumber('limit', 1, MEMBERS_PAGE.maxLimit);
export const membersQuerySchema = z.object({
  status: z
    .enum(['active', 'pending', 'suspended'], { error: oneOfThree('status', 'active', 'pending', 'suspended') })
    .optional(),
  // Guardian accounts are listed too: an admin finds them by their role as well.
  role: z.enum(ACCOUNT_ROLES, { error: oneOf('role', ACCOUNT_ROLES) }).optional(),
  q: z
    .string({ error: mustBeText('q') })
    .trim()
    .max(200, { error: tooLongMessage('q', 200) })
    .optional(),
  limit: z
    .string({ error: MEMBERS_LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, { error: MEMBERS_LIMIT_MESSAGE })
    .transform(Number)
    .refine((limit) => limit >= 1 && limit <= MEMBERS_PAGE.maxLimit, { error: MEMBERS_LIMIT_MESSAGE })
    .default(MEMBERS_PAGE.defaultLimit),
  cursor: z
    .string({ error: MSG.cursorInvalid })
    .min(1, { error: MSG.cursorInvalid })
    .max(100, { error: MSG.cursorInvalid })
    .optional(),
});
export type MembersQuery = z.output<typeof membersQuerySchema>;

/**
 * Why an admin suspends, changes a role or deletes: optional, kept in the audit entry. Empty means none given.
 */
const adminReasonField = z
  .string({ error: mustBeText('reason') })
  .trim()
  .max(LIMITS.adminReason, { error: tooLongMessage('reason', LIMITS.adminReason) })
  .refine(isStorableText, { error: UNSTORABLE_TEXT })
  .transform((reason) => reason || undefined)
  .optional();

/** DELETE /api/admin/members/{id}: the body is optional (read as {}), and so is its reason. */
export const memberDeleteSchema = z.strictObject({ reason: adminReasonField });

export const memberUpdateSchema = z
  .strictObject({
    status: z.enum(['active', 'suspended'], { error: eitherOr('status', 'active', 'suspended') }).optional(),
    role: z.enum(MEMBER_ROLES, { error: oneOfThree('role', 'member', 'organiser', 'admin') }).optional(),
    /** An admin's correction of the member's date of birth (the server also checks it is a plausible one). */
    birthDate: z.lazy(() => birthDateField).optional(),
    reason: adminReasonField,
  })
  .refine((input) => input.status !== undefined || input.role !== undefined || input.birthDate !== undefined, {
    error: MSG.memberChangeEmpty,
  });
export type MemberUpdateInput = z.output<typeof memberUpdateSchema>;

// ---- age and guardian consent --------------------------------------------------------------------------

/**
 * A date of birth as YYYY-MM-DD, a real calendar day. Whether it lies in the past and within 120 years is
 * checked by the server against today in the organisation's time zone.
 */
export const birthDateField = z
  .string({ error: MSG.birthDateInvalid })
  .refine(isCalendarDate, { error: MSG.birthDateInvalid });

/** PUT /api/users/me/birth-date. */
export const birthDateSchema = z.object({ birthDate: birthDateField });

/** POST /api/users/me/guardians: the guardian's email address, where the consent link goes. */
export const guardianRequestSchema = z.object({ email: emailSchema });

/** A consent link's token as we make them (base64url); anything else is unknown without a lookup. */
export const consentTokenField = z
  .string({ error: MSG.consentLinkUnknown })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: MSG.consentLinkUnknown });
export const consentTokenQuerySchema = z.object({ token: consentTokenField });
/** POST /api/guardian/consent. */
export const consentGrantSchema = z.object({ token: consentTokenField });

/** PATCH /api/guardian/children/{id}. */
export const photoConsentSchema = z.strictObject({
  photoConsent: z.enum(PHOTO_CONSENTS, { error: oneOf('photoConsent', PHOTO_CONSENTS) }),
});

/** POST /api/admin/members/{id}/consent: a guardian's consent given on paper or in person. */
export const recordedConsentSchema = z.strictObject({
  method: z.enum(['paper', 'in_person'], { error: eitherOr('method', 'paper', 'in_person') }),
  note: z
    .string({ error: mustBeText('note') })
    .trim()
    .max(500, { error: tooLongMessage('note', 500) })
    .optional(),
});
export type RecordedConsentInput = z.output<typeof recordedConsentSchema>;

/** POST /api/admin/members/{id}/consent/verify and …/reject: whose emailed consent the admin judges. */
export const consentJudgementSchema = z.strictObject({
  guardianId: z
    .number({ error: MSG.guardianIdInvalid })
    .int({ error: MSG.guardianIdInvalid })
    .positive({ error: MSG.guardianIdInvalid })
    .max(2_147_483_647, { error: MSG.guardianIdInvalid }),
});

/** One answer's value as sent; whether it fits its question's kind is the service's to judge. */
const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const answersSchema = z.record(z.string().regex(/^\d{1,10}$/), answerValueSchema, { error: MSG.answersInvalid });
export type AnswersInput = z.infer<typeof answersSchema>;

/** PUT /api/events/{id}/questions: the whole list, in order; a question with an id keeps it (and its answers). */
const questionSchema = z
  .object({
    id: z.number().int().positive().max(2_147_483_647).optional(),
    label: z
      .string({ error: MSG.questionLabelInvalid })
      .trim()
      .min(1, { error: MSG.questionLabelInvalid })
      .max(QUESTION_LIMITS.labelMax, { error: MSG.questionLabelInvalid }),
    kind: z.enum(QUESTION_KINDS, { error: MSG.questionsInvalid }),
    options: z
      .array(
        z.string({ error: MSG.questionOptionsInvalid }).trim().min(1).max(QUESTION_LIMITS.optionMax, {
          error: MSG.questionOptionsInvalid,
        }),
        { error: MSG.questionOptionsInvalid },
      )
      .min(1, { error: MSG.questionOptionsInvalid })
      .max(QUESTION_LIMITS.optionsMax, { error: MSG.questionOptionsInvalid })
      .refine((options) => new Set(options).size === options.length, { error: MSG.questionOptionsInvalid })
      .optional(),
    required: z.boolean({ error: boolean('required') }),
    sensitive: z.boolean({ error: boolean('sensitive') }),
  })
  .refine((q) => (q.kind === 'single' || q.kind === 'multi') === (q.options !== undefined), {
    error: MSG.questionOptionsInvalid,
  });
export const questionsSchema = z
  .array(questionSchema, { error: MSG.questionsInvalid })
  .max(QUESTION_LIMITS.questionsMax, { error: MSG.questionsInvalid });
export type QuestionInput = z.infer<typeof questionSchema>;

/** PUT /api/events/{id}/answers: the member's (or, forUserId, their child's) answers, changed until RSVPs close. */
export const answersUpdateSchema = z.object({
  answers: answersSchema,
  forUserId: forUserIdSchema,
});
export type AnswersUpdateInput = z.infer<typeof answersUpdateSchema>;

/** GET /api/events/{id}/attendees.csv?sensitive=true: with the answers to sensitive questions (audited). */
export const csvQuerySchema = z.object({
  sensitive: z
    .enum(['true', 'false'], { error: boolean('sensitive') })
    .optional()
    .transform((value) => value === 'true'),
});
