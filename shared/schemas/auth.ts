// Signing in and linking accounts: Google, email links, Telegram (widget, bot login codes).
import { z } from 'zod';
import { LIMITS } from '../constants';
import { MSG } from '../messages';
import { emailSchema } from './fields';

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
