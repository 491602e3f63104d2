// The bot's side of the composition root: BotDeps built from the API's services, the webhook mounted on the
// HTTP app, and starting the bot (webhook or long polling). bot/ knows only its own port (BotDeps).
import { forbidden } from '../../../shared/errors';
import { MSG } from '../../../shared/messages';
import { timingSafeEqual } from 'node:crypto';
import express, { type IRouter, type RequestHandler } from 'express';
import { webhookCallback, type Bot } from 'grammy';
import type { BotContext } from '../../../bot/src/i18n';
import type { BotDeps } from '../../../bot/src/bot-deps';
import { configureBot } from '../../../bot/src/create-bot';
import type { AppConfig } from '../config';
import type { AppDeps } from '../deps';
import { sha256 } from '../lib/secrets';
import type { SessionLock } from '../db/session-lock';
import type { Logger } from '../logger';
import { upsertTelegramUser } from '../modules/auth/identity';
import { organisationTimeZone } from '../modules/organisation/organisation-service';
import { savedLanguageOfTelegramUser } from '../modules/users/users-repository';
import type { OrganisationLanguage } from '../../../shared/constants';
import { pollUpdates, type BotPolling } from './bot-polling';
import type { Services } from './services';

export const WEBHOOK_PATH = '/telegram/webhook';
const ALLOWED_UPDATES = [
  'message',
  'callback_query',
  'my_chat_member',
  'inline_query',
  'chosen_inline_result',
] as const;

export function botDepsFrom(
  deps: AppDeps,
  {
    events,
    loginCodes,
    sharing,
    reachability,
    slips,
    organisation,
  }: Pick<Services, 'events' | 'loginCodes' | 'sharing' | 'reachability' | 'slips' | 'organisation'>,
): BotDeps {
  // The organisation's default language changes seldom and every update asks for it: read it at most every 10 s.
  let organisationLanguage: { language: OrganisationLanguage; until: number } | null = null;
  async function defaultLanguage(): Promise<OrganisationLanguage> {
    if (organisationLanguage && organisationLanguage.until > Date.now()) return organisationLanguage.language;
    const { defaultLanguage: language } = await organisation.get();
    organisationLanguage = { language, until: Date.now() + 10_000 };
    return language;
  }
  return {
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    telegramStarted: reachability.writeAllowed,
    telegramBlocked: reachability.blocked,
    async languageHints(telegramUserId) {
      const [saved, language] = await Promise.all([
        telegramUserId === null ? null : savedLanguageOfTelegramUser(deps.prisma, telegramUserId),
        defaultLanguage(),
      ]);
      return { saved, organisation: language };
    },
    organisationTimeZone: () => organisationTimeZone(deps),
    async viewerFor(user) {
      const row = await upsertTelegramUser(deps, user);
      // A pending or suspended account is told why, and shown nothing (the bot answers the refusal's text).
      if (row.status === 'pending') throw forbidden(MSG.membershipPending);
      if (row.status === 'suspended') throw forbidden(MSG.accountSuspended);
      // A guardian account sees only what concerns its children, which the bot does not show.
      if (row.role === 'guardian') throw forbidden(MSG.guardianAccountOnly);
      return { id: row.id, isAdmin: row.isAdmin, role: row.role };
    },
    events: {
      upcomingEvents: events.upcomingEvents,
      myUpcomingRsvps: events.myUpcomingRsvps,
      setAttendance: events.setAttendance,
    },
    sharing: {
      async memberFor(telegramUserId) {
        const member = await sharing.memberFor(telegramUserId);
        // A guardian account's tap on a card is refused (the bot answers the refusal's text) and changes nothing.
        if (member?.role === 'guardian') throw forbidden(MSG.guardianAccountOnly);
        return member;
      },
      shareableEvents: sharing.shareableEvents,
      cardPosted: sharing.cardPosted,
      acceptTap: sharing.acceptTap,
    },
    slips: {
      async decide(telegramUserId, childId, eventId, approve) {
        // Only an account already linked to this Telegram user: a tap creates nobody.
        const member = await sharing.memberFor(telegramUserId);
        if (!member) throw forbidden(MSG.notGuardianOf);
        return slips.decide(member, childId, eventId, approve);
      },
    },
    loginCodes: {
      describe: loginCodes.describe,
      claim: loginCodes.claim,
      confirmWithCode: loginCodes.confirmWithCode,
      reject: loginCodes.reject,
    },
  };
}

/** TELEGRAM_WEBHOOK_SECRET, or one derived from the bot token so every instance agrees without configuration. */
export function webhookSecret(config: AppConfig): string {
  return config.telegram.webhookSecret ?? sha256(`webhook:${config.telegram.botToken ?? ''}`);
}

function requireSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, res, next) => {
    const given = Buffer.from(req.get('x-telegram-bot-api-secret-token') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).json({ error: 'Unauthorized', code: 'unauthorized' });
      return;
    }
    next();
  };
}

const requireUpdate: RequestHandler = (req, res, next) => {
  const body = req.body as { update_id?: unknown } | undefined;
  if (!body || typeof body !== 'object' || !Number.isInteger(body.update_id)) {
    res.status(400).json({ error: 'Not a Telegram update', code: 'not_an_update' });
    return;
  }
  next();
};

/** POST /telegram/webhook: Telegram's secret-token header first, then grammY handles the update. */
export function mountWebhook(app: IRouter, bot: Bot<BotContext>, secret: string): void {
  app.post(
    WEBHOOK_PATH,
    requireSecret(secret),
    express.json({ limit: '1mb' }),
    requireUpdate,
    webhookCallback(bot, 'express', { secretToken: secret, onTimeout: 'return', timeoutMilliseconds: 25_000 }),
  );
}

/**
 * Long polling without a public URL (development; bot-polling.ts: one instance polls); otherwise Telegram calls
 * our webhook, told our secret. A Telegram outage at startup is logged and leaves the website running.
 */
export async function startBot(
  bot: Bot<BotContext>,
  config: AppConfig,
  logger: Logger,
  lock: SessionLock | null,
): Promise<BotPolling | null> {
  const { publicUrl } = config;
  if (!publicUrl) {
    return pollUpdates(bot, {
      lock,
      logger,
      allowedUpdates: ALLOWED_UPDATES,
      onStart: () => configureBot(bot, publicUrl),
    });
  }
  try {
    await bot.init();
    await bot.api.setWebhook(`${publicUrl}${WEBHOOK_PATH}`, {
      secret_token: webhookSecret(config),
      allowed_updates: [...ALLOWED_UPDATES],
    });
    await configureBot(bot, publicUrl);
    logger.info({ username: bot.botInfo.username, webhook: `${publicUrl}${WEBHOOK_PATH}` }, 'bot webhook set');
  } catch (error) {
    logger.error({ err: error }, 'bot could not start; the website keeps running');
  }
  return null;
}
