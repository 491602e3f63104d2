// Every request body of SPEC §7, written once: the API validates with these and the web app's forms use them.
import { z } from 'zod';
import {
  DEFAULT_SMTP_PORT,
  LIMITS,
  NOTIFICATION_CHANNELS,
  PHONE_VERIFICATION,
  RSVP_STATUSES,
  TEMPLATE_CHANNELS,
  TEMPLATE_MIN_LENGTH,
  TEMPLATE_TYPES,
} from './constants';
import { MSG } from './messages';

/** PostgreSQL text cannot hold NUL, and an unpaired UTF-16 surrogate is not valid UTF-8: refuse both up front. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);
const UNSTORABLE_TEXT = 'Text contains characters that are not allowed';

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` })
    .refine(isStorableText, { error: UNSTORABLE_TEXT });

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
/** PATCH /api/users/me takes phoneNumber only, or telegramUsername only. */
export const updateMeSchema = z.union([updatePhoneSchema, updateTelegramUsernameSchema], {
  error: 'Send either phoneNumber or telegramUsername',
});
export type UpdateMeInput = z.infer<typeof updateMeSchema>;

/** POST /api/users/me/phone/verification: no body (or `{}`); the code goes to the saved number. */
export const sendPhoneCodeSchema = z.strictObject({});

const PHONE_CODE = new RegExp(`^\\d{${PHONE_VERIFICATION.codeLength}}$`);
export const phoneCodeSchema = z
  .string({ error: MSG.phoneCodeFormat })
  .trim()
  .regex(PHONE_CODE, { error: MSG.phoneCodeFormat });
/** POST /api/users/me/phone/verify */
export const verifyPhoneSchema = z.strictObject({ code: phoneCodeSchema });
export type VerifyPhoneInput = z.infer<typeof verifyPhoneSchema>;

export const preferencesSchema = z.strictObject({
  preferences: z
    .array(z.enum(NOTIFICATION_CHANNELS, { error: 'Unknown notification channel' }), {
      error: 'preferences must be a list of channels',
    })
    .max(NOTIFICATION_CHANNELS.length)
    .transform((list) => [...new Set(list)]),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

export const emailSchema = z
  .string({ error: MSG.emailInvalid })
  .trim()
  .max(LIMITS.email, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .transform((email) => email.toLowerCase());

// ---- events ------------------------------------------------------------------------------------------

/** Relative paths (the sample images) or http(s) URLs; never javascript: or data: URLs. */
const imageUrlSchema = requiredText(MSG.eventFieldsRequired, LIMITS.imageUrl).refine(
  (url) => /^\/(?!\/)/.test(url) || /^https?:\/\//i.test(url),
  { error: 'Image must be a sample image or an http(s) URL' },
);

const isEventYear = (year: number) => year >= 1900 && year <= 9999;
/**
 * ISO 8601 as the form sends it (a date, optionally a time and an offset). Date.parse alone also guesses at
 * '1', 'March 7' or '06/01/2030', in the server's own time zone.
 */
const ISO_DATE = /^(?:\d{4}|[+-]\d{6})-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const isIsoDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

export const eventInputSchema = z.object({
  name: requiredText(MSG.eventFieldsRequired, LIMITS.eventName),
  description: requiredText(MSG.eventFieldsRequired, LIMITS.eventDescription),
  date: requiredText(MSG.eventFieldsRequired, 64)
    .refine(isIsoDate, { error: MSG.eventDateInvalid })
    // JavaScript dates reach far beyond what the database (and anyone's calendar) can hold.
    .refine((value) => isEventYear(new Date(value).getUTCFullYear()), { error: MSG.eventDateOutOfRange })
    .transform((value) => new Date(value).toISOString()),
  location: requiredText(MSG.eventFieldsRequired, LIMITS.eventLocation),
  imageUrl: imageUrlSchema,
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).default(true),
});
export type EventInput = z.input<typeof eventInputSchema>;
/** An edit sends the event as create does; a left-out isPublic keeps the stored visibility instead of publishing. */
export const eventUpdateSchema = eventInputSchema.extend({
  isPublic: z.boolean({ error: 'isPublic must be true or false' }).optional(),
});

export const attendSchema = z.object({
  status: z.enum(RSVP_STATUSES, { error: 'Status must be attending or not_attending' }),
});

export const commentSchema = z.object({
  content: z
    .string({ error: MSG.commentEmpty })
    .trim()
    .min(1, { error: MSG.commentEmpty })
    .max(LIMITS.comment, { error: `Comment must be at most ${LIMITS.comment} characters` })
    .refine(isStorableText, { error: UNSTORABLE_TEXT }),
});

const INVITEE_ID = 'userIds must contain only user IDs (positive whole numbers)';
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
      { error: 'userIds must be a list of user IDs' },
    )
    .max(LIMITS.inviteesPerRequest, { error: `At most ${LIMITS.inviteesPerRequest} users can be invited at once` })
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
    .max(LIMITS.template, { error: `Template must be at most ${LIMITS.template} characters` }),
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
  host: requiredText(MSG.smtpHostRequired, LIMITS.smtpField),
  port: smtpPortSchema,
  secure: z.boolean().default(false),
  auth_user: requiredText(MSG.smtpUserRequired, LIMITS.smtpField),
  /** Write-only. May be left empty when a password is already stored (it is then kept). */
  auth_pass: z.string().max(LIMITS.smtpField).optional(),
  from_email: emailSchema,
  from_name: requiredText(MSG.smtpFromNameRequired, LIMITS.smtpField),
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
/** POST /api/auth/link-accounts: Telegram widget data, or an email to confirm. */
export const linkAccountsSchema = z.union([linkTelegramSchema, linkEmailSchema], {
  error: 'Send Telegram auth_data or an email to link',
});

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
  .regex(/^[A-Za-z0-9_-]{16,48}$/, { error: 'Invalid login ID' }); // fits a /start payload (64 chars) with 'login_'
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
  { error: 'Invalid login request' },
);

/** POST /api/auth/state: a sign-in or link is starting in this browser. */
export const authStateSchema = z.object({ purpose: z.enum(['login', 'link']) });
