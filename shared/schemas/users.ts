// A member's own account: contact details, language, calendar feed, notification channels, erasure.
import { z } from 'zod';
import { NOTIFICATION_CHANNELS, ORGANISATION_LANGUAGES, PHONE_VERIFICATION } from '../constants';
import { MSG } from '../messages';
import { boolean } from './said';

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
