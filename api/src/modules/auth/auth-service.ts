// Sign-in use cases: Google ID tokens, the Telegram Login Widget, and (demo mode only) demo accounts.
import { MSG } from '../../../../shared/messages';
import type { TelegramAuthData } from '../../../../shared/schemas/auth';
import { isUniqueViolation } from '../../db/errors';
import type { AppDeps } from '../../deps';
import { conflict, invalid, unauthenticated } from '../../../../shared/errors';
import type { UserRow } from '../users/users-repository';
import { upsertDemoUser, type DemoAccount } from './demo';
import { createGoogleVerifier, type GoogleIdentity } from './google';
import {
  nameCleaning,
  newAccountStatus,
  upsertTelegramUser,
  withConfiguredAdmin,
  type TelegramIdentity,
} from './identity';
import { verifyLoginWidget } from './telegram-verify';
import {
  createSignInUser,
  findUserByConfirmedLinkedEmail,
  findUserByGoogleEmail,
  findUserByGoogleSub,
  updateUserIdentity,
} from './users-identity-repository';

export interface LoginInput {
  credential?: string;
  demoAccount?: DemoAccount;
}

export function createAuthService(deps: AppDeps) {
  const { clientId, jwksUrl } = deps.config.google;
  const verifyGoogle = clientId
    ? createGoogleVerifier(clientId, jwksUrl, { now: deps.now, logger: deps.logger })
    : null;

  const findGoogleUser = async (identity: GoogleIdentity) =>
    (await findUserByGoogleSub(deps.prisma, identity.sub)) ??
    (await findUserByGoogleEmail(deps.prisma, identity.email)) ??
    // A linked email counts only once its owner confirmed it (DESIGN §4).
    (await findUserByConfirmedLinkedEmail(deps.prisma, identity.email));

  async function updateGoogleUser(existing: UserRow, identity: GoogleIdentity): Promise<UserRow> {
    // A user who reached us through a confirmed linked email may already have another Google account:
    // that one stays their Google identity.
    const ownsGoogleFields = !existing.googleSub || existing.googleSub === identity.sub;
    const data = {
      ...(ownsGoogleFields ? { googleSub: identity.sub, googleEmail: identity.email } : {}),
      ...(existing.avatarUrl || !identity.picture ? {} : { avatarUrl: identity.picture }),
      ...nameCleaning(existing.name),
    };
    try {
      return await withConfiguredAdmin(deps, await updateUserIdentity(deps.prisma, existing.id, data));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MSG.googleEmailTaken);
      throw error;
    }
  }

  async function upsertGoogleUser(identity: GoogleIdentity): Promise<UserRow> {
    const existing = await findGoogleUser(identity);
    if (existing) return updateGoogleUser(existing, identity);
    try {
      const created = await createSignInUser(deps.prisma, {
        name: identity.name,
        googleSub: identity.sub,
        googleEmail: identity.email,
        avatarUrl: identity.picture ?? null,
        isAdmin: false,
        status: await newAccountStatus(deps),
        notificationPrefs: ['email'],
      });
      return await withConfiguredAdmin(deps, created);
    } catch (error) {
      // Two first sign-ins raced: the loser signs in as the user the winner created.
      if (!isUniqueViolation(error)) throw error;
      const created = await findGoogleUser(identity);
      if (!created) throw error;
      return withConfiguredAdmin(deps, created);
    }
  }

  /** The user signing in, from a verified Google ID token or (demo mode only) a demo account. */
  async function login(input: LoginInput): Promise<UserRow> {
    if (input.demoAccount) {
      if (!deps.config.demoMode) throw invalid(MSG.demoUnavailable);
      return upsertDemoUser(deps, input.demoAccount);
    }
    if (!input.credential) throw unauthenticated(MSG.googleSignInNeeded);
    if (!verifyGoogle) throw invalid(MSG.googleNotConfigured);
    const identity = await verifyGoogle(input.credential);
    if (!identity) throw unauthenticated(MSG.googleSignInFailed);
    return upsertGoogleUser(identity);
  }

  /**
   * The Telegram account vouched for by Login Widget data, or a 401. Whatever else the client claims
   * (telegramId, name, username beside auth_data) is ignored.
   */
  function verifyTelegramWidget(authData: TelegramAuthData): TelegramIdentity {
    const { botToken, authMaxAgeSeconds } = deps.config.telegram;
    if (!botToken) throw invalid(MSG.telegramNotConfigured);
    if (!verifyLoginWidget(authData, botToken, authMaxAgeSeconds, deps.now())) {
      throw unauthenticated(MSG.telegramAuthFailed);
    }
    return {
      id: String(authData.id),
      first_name: authData.first_name,
      last_name: authData.last_name,
      username: authData.username,
      photo_url: authData.photo_url,
    };
  }

  /** Sign-in with the Telegram Login Widget: the user with that Telegram id, created on first sign-in. */
  async function telegramLogin(authData: TelegramAuthData): Promise<UserRow> {
    return upsertTelegramUser(deps, verifyTelegramWidget(authData));
  }

  return { login, telegramLogin, verifyTelegramWidget };
}

export type AuthService = ReturnType<typeof createAuthService>;
