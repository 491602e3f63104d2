// The bot factory: one grammY Bot with auto-retry on 429s, an error boundary around every feature, and the
// features in order. Starting it (polling or webhook) is the composition root's job (api/src/system).
import { autoRetry } from '@grammyjs/auto-retry';
import { Api, Bot, BotError, type Transformer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { DomainError } from '../../shared/errors';
import { errorText } from '../../shared/i18n/error-text';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { BOT } from './bot-messages';
import { botText, chooseUpdateLanguage, type BotContext } from './i18n';
import { eventsMenuButton } from './keyboards';
import type { BotDeps } from './bot-deps';
import { eventsFeature } from './features/events';
import { inlineSharingFeature } from './features/inline-sharing';
import { loginFeature } from './features/login';
import { myEventsFeature } from './features/my-events';
import { permissionSlipsFeature } from './features/permission-slips';
import { reachabilityFeature } from './features/reachability';
import { rsvpFeature } from './features/rsvp';
import { welcomeFeature } from './features/welcome';

export const SORRY_TEXT = botText('en', BOT.sorry);

/** The command menu in a language (Telegram shows each user the list of their app's language). */
export const botCommands = (language: Language) => [
  { command: 'start', description: botText(language, BOT.commandStart) },
  { command: 'events', description: botText(language, BOT.commandEvents) },
  { command: 'my', description: botText(language, BOT.commandMy) },
];

export const BOT_COMMANDS = botCommands(SOURCE_LANGUAGE);

export interface CreateBotOptions {
  /** Known bot identity (skips getMe); tests and the webhook path use it. */
  botInfo?: UserFromGetMe;
  /** Stand between the bot and every call it makes, retries included (the shared Telegram pace). */
  transformers?: Transformer[];
}

/**
 * Answers a refusal (a pending or suspended account: viewerFor throws a forbidden DomainError) with its own
 * sentence; any other failure is logged and answered politely. The bot keeps serving other updates.
 */
async function politeFailure(error: BotError<BotContext>, deps: BotDeps): Promise<void> {
  const { ctx } = error;
  const refused = error.error instanceof DomainError && error.error.kind === 'forbidden';
  if (!refused) deps.logger.error({ err: error.error, updateId: ctx.update.update_id }, 'bot handler failed');
  // The language is unknown only when finding it failed (the database is away): English then.
  const language = ctx.lang ?? SOURCE_LANGUAGE;
  const text = refused ? errorText(error.error as DomainError, language).text : botText(language, BOT.sorry);
  try {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
    else if (ctx.chat) await ctx.reply(text);
  } catch (replyError) {
    deps.logger.warn({ err: replyError }, 'could not tell the user about a failure');
  }
}

export function createBot(deps: BotDeps, options: CreateBotOptions = {}): Bot<BotContext> {
  const token = deps.config.telegram.botToken;
  if (!token) throw new Error('createBot needs TELEGRAM_BOT_TOKEN');
  const bot = new Bot<BotContext>(token, {
    client: { apiRoot: deps.config.telegram.apiRoot },
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
  });
  // Installed first, so they run closest to the wire: each retry below takes its turn again.
  if (options.transformers?.length) bot.api.config.use(...options.transformers);
  // Telegram's 429 says how long to wait; wait that long (bounded) instead of failing.
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));

  const safe = bot.errorBoundary((error) => politeFailure(error, deps));
  // Before every feature: the language this update is answered in (ctx.lang).
  safe.use(chooseUpdateLanguage(deps));
  // First: /start, blocking and unblocking tell the server whether the bot may write to this person.
  safe.use(reachabilityFeature(deps));
  safe.use(loginFeature(deps));
  safe.use(welcomeFeature(deps));
  safe.use(eventsFeature(deps));
  safe.use(myEventsFeature(deps));
  safe.use(rsvpFeature(deps));
  safe.use(permissionSlipsFeature(deps));
  safe.use(inlineSharingFeature(deps));
  // A press nobody handled (an old or forged button): answer it, or the button keeps spinning.
  safe.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: botText(ctx.lang, BOT.invalidButton) }));

  // Polling's last line of defence (the boundary above should have caught everything).
  bot.catch((error) => deps.logger.error({ err: error.error }, 'bot update failed'));
  return bot;
}

/**
 * The Bot API client alone, for an instance that sends notifications but does not take updates
 * (TELEGRAM_BOT_ENABLED=false): Telegram delivers updates to one place, but any instance may send.
 */
export function createBotApi(config: BotDeps['config'], transformers: Transformer[] = []): Api | null {
  if (!config.telegram.botToken) return null;
  const api = new Api(config.telegram.botToken, { apiRoot: config.telegram.apiRoot });
  // Installed first, as the bot's: closest to the wire, so they see every answer, each retry's included.
  if (transformers.length) api.config.use(...transformers);
  api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 }));
  return api;
}

/**
 * The command list (English for every language we do not speak, and one per language we do: Telegram picks by
 * the user's app language), and the menu button that opens the Mini App (only an https page can be one).
 */
export async function configureBot(bot: Bot<BotContext>, publicUrl: string | undefined): Promise<void> {
  await bot.api.setMyCommands(BOT_COMMANDS);
  for (const language of LANGUAGES) {
    await bot.api.setMyCommands(botCommands(language), { language_code: language });
  }
  if (publicUrl?.startsWith('https://')) {
    await bot.api.setChatMenuButton({
      menu_button: eventsMenuButton(publicUrl, SOURCE_LANGUAGE),
    });
  }
}
