// Who belongs: the organisation's settings, invites, and admins' changes to members.
import { z } from 'zod';
import { paymentSettingsShape } from './payments';
import {
  ACCOUNT_ROLES,
  CONSENT_AGE,
  CONSENT_TEXT_MAX,
  CONSENT_VERIFICATIONS,
  INVITE_LIMITS,
  INVITE_ROLES,
  LIMITS,
  MEMBERSHIP_MODES,
  MEMBERS_PAGE,
  MEMBER_ROLES,
  ORGANISATION_LANGUAGES,
} from '../constants';
import { MSG } from '../messages';
import { canonicalTimeZone, isTimeZone } from '../time-zones';
import { UNSTORABLE_TEXT, isStorableText } from './fields';
import { birthDateField } from './guardians';
import { leaderSettingsFields } from './leader-checks';
import { boolean, eitherOr, mustBeText, oneOf, oneOfThree, said, saidNow, tooLongMessage, wholeNumber } from './said';

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
      ...leaderSettingsFields,
      ...paymentSettingsShape,
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
