// Connects the bot to the API's services and to the HTTP server. main.ts (and the bot tests) call these;
// nothing here starts polling or listens.
import { timingSafeEqual } from 'node:crypto';
import express, { type IRouter, type RequestHandler } from 'express';
import { webhookCallback, type Bot, type Context } from 'grammy';
import type { AppDeps } from '../../api/src/deps';
import { sha256 } from '../../api/src/lib/secrets';
import { upsertTelegramUser } from '../../api/src/modules/auth/identity';
import { createEventsService } from '../../api/src/modules/events/events-service';
import { createLoginCodesService } from '../../api/src/modules/telegram/login-codes-service';
import type { BotDeps } from './bot-deps';

export const WEBHOOK_PATH = '/telegram/webhook';

export function botDepsFrom(deps: AppDeps): BotDeps {
  const events = createEventsService(deps);
  const loginCodes = createLoginCodesService(deps);
  return {
    config: deps.config,
    logger: deps.logger,
    now: deps.now,
    async viewerFor(user) {
      const row = await upsertTelegramUser(deps, user);
      return { id: row.id, isAdmin: row.isAdmin };
    },
    events: { upcomingEvents: events.upcomingEvents, setAttendance: events.setAttendance },
    loginCodes: {
      describe: loginCodes.describe,
      claim: loginCodes.claim,
      confirmWithCode: loginCodes.confirmWithCode,
      reject: loginCodes.reject,
    },
  };
}

/** TELEGRAM_WEBHOOK_SECRET, or one derived from the bot token so every instance agrees without configuration. */
export function webhookSecret(config: AppDeps['config']): string {
  return config.telegram.webhookSecret ?? sha256(`webhook:${config.telegram.botToken ?? ''}`);
}

function requireSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, res, next) => {
    const given = Buffer.from(req.get('x-telegram-bot-api-secret-token') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).json({ error: 'Unauthorized' });
      return;
    }
    next();
  };
}

const requireUpdate: RequestHandler = (req, res, next) => {
  const body = req.body as { update_id?: unknown } | undefined;
  if (!body || typeof body !== 'object' || !Number.isInteger(body.update_id)) {
    res.status(400).json({ error: 'Not a Telegram update' });
    return;
  }
  next();
};

/** POST /telegram/webhook: Telegram's secret-token header first, then grammY handles the update. */
export function mountWebhook(app: IRouter, bot: Bot<Context>, secret: string): void {
  app.post(
    WEBHOOK_PATH,
    requireSecret(secret),
    express.json({ limit: '1mb' }),
    requireUpdate,
    webhookCallback(bot, 'express', { secretToken: secret, onTimeout: 'return', timeoutMilliseconds: 25_000 }),
  );
}
