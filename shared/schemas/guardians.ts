// Age and guardian consent: a member's date of birth, their guardian's consent, and what guardians decide.
import { z } from 'zod';
import { PHOTO_CONSENTS } from '../constants';
import { isCalendarDate } from '../age';
import { MSG } from '../messages';
import { emailSchema } from './fields';
import { boolean, eitherOr, mustBeText, oneOf, tooLongMessage } from './said';

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

/** POST /api/guardian/children/{childId}/events/{eventId}/approval: a guardian's answer to a permission slip. */
export const slipDecisionSchema = z.object({
  approve: z.boolean({ error: boolean('approve') }),
});
