// An event as organisers write it (create, edit, repeat), the paged list's query and invitations.
import { z } from 'zod';
import {
  BRAND_COVER_PATTERNS,
  LIMITS,
  MONTHLY_BY,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_MAX_COUNT,
  RSVP_LIMITS,
  SAMPLE_EVENT_IMAGES,
  SERIES_SCOPES,
  UPLOADED_IMAGE_URL,
  brandCoverUrl,
} from '../constants';
import { type FieldName } from '../field-names';
import { MSG } from '../messages';
import { EVENT_TEXTS, eachText } from '../event-texts';
import { canonicalTimeZone } from '../time-zones';
import { optionalLine, requiredLine, requiredText } from './fields';
import { boolean, eitherOr, oneOfThree, said, wholeNumber } from './said';
import { feeSchema, paymentModeSchema } from './payments';

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
  /** Each member's fee (minor units; the currency defaults to the organisation's); null: free. */
  fee: feeSchema.optional(),
  paymentMode: paymentModeSchema.optional(),
};

/** The event's optional texts (shared/event-texts.ts), each within its limit. */
const eventTextsShape = eachText((key) => optionalLine(key, EVENT_TEXTS[key].max));

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
  ...eventTextsShape,
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
 * Every text field of the event form is named in its messages: one that FIELD_NAMES (shared/field-names.ts) lacks
 * fails here ("Type 'true' is not assignable to type '"<field>"'"); add it there. The time zone, the RSVP
 * closing time and the payment mode have messages of their own.
 */
type EventOutput = z.output<typeof eventInputSchema>;
type EventTextField = {
  [K in keyof EventOutput]-?: NonNullable<EventOutput[K]> extends string ? K : never;
}[keyof EventOutput];
type UnnamedEventField = Exclude<EventTextField, FieldName | 'timeZone' | 'rsvpClosesAt' | 'paymentMode'>;
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
