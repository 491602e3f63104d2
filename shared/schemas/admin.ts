// The admins' tools: the audit log, notification templates and the email (SMTP) settings.
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  DEFAULT_SMTP_PORT,
  LIMITS,
  ORGANISATION_LANGUAGES,
  TEMPLATE_CHANNELS,
  TEMPLATE_MIN_LENGTH,
  TEMPLATE_TYPES,
} from '../constants';
import { MSG } from '../messages';
import { UNSTORABLE_TEXT, emailSchema, isStorableText, pageCursor, requiredText } from './fields';
import { mustBeText, tooLongMessage, wholeNumber } from './said';

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
