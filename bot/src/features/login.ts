// The manual Telegram login (SPEC §4) from the bot's side. /start login_<id> shows where the request came
// from (browser, approximate network, time) and asks the person to type the code their browser shows; a
// bare tap cannot confirm, so someone sent another person's login link cannot hand over their account by
// pressing a button. "Not me" cancels. The browser that asked then collects its session over HTTP.
import { Composer } from 'grammy';
import { defineMessages } from '../../../shared/i18n/define';
import type { Language } from '../../../shared/i18n/languages';
import { botText, type BotContext } from '../i18n';
import type { BotDeps, LoginRequestView } from '../bot-deps';
import { LOGIN_DATA, parseNotMeData } from '../callback-data';
import { describeBrowser, formatMoment, minutesAgo } from '../format';
import { loginKeyboard } from '../keyboards';

const LOGIN = defineMessages({
  unknown: {
    id: 'bot.login.unknown',
    defaultMessage: 'This login code is unknown. Please start the Telegram login again on the website.',
  },
  expired: {
    id: 'bot.login.expired',
    defaultMessage: 'This login code has expired. Please start the Telegram login again on the website.',
  },
  used: {
    id: 'bot.login.used',
    defaultMessage: 'This login code has already been used. Please start the Telegram login again on the website.',
  },
  confirmed: {
    id: 'bot.login.confirmed',
    defaultMessage: '✅ Confirmed. Go back to your browser: it is signing you in now.',
  },
  linked: {
    id: 'bot.login.linked',
    defaultMessage: '✅ Confirmed. Go back to your browser: your Telegram account is being linked.',
  },
  rejected: { id: 'bot.login.rejected', defaultMessage: '🚫 Cancelled. Nobody was signed in with this code.' },
  wrongCode: {
    id: 'bot.login.wrongCode',
    defaultMessage:
      'That code does not match. Type the code shown in your browser ({count, plural, one {# try} other {# tries}} left).',
  },
  locked: {
    id: 'bot.login.locked',
    defaultMessage: '🚫 Too many wrong codes: this sign-in request was cancelled and nobody was signed in.',
  },
  privateOnly: {
    id: 'bot.login.privateOnly',
    defaultMessage:
      'For your safety, Telegram login works only in a private chat with me. Please open the login link again.',
  },
  askedSignIn: {
    id: 'bot.login.askedSignIn',
    defaultMessage: 'A browser asked to sign in to the website with this Telegram account.',
  },
  askedLink: {
    id: 'bot.login.askedLink',
    defaultMessage: 'A browser asked to link this Telegram account to the website account “{name}”.',
  },
  unknownName: { id: 'bot.login.unknownName', defaultMessage: 'unknown' },
  browser: { id: 'bot.login.browser', defaultMessage: 'Browser: {browser}' },
  network: { id: 'bot.login.network', defaultMessage: 'Network: {network}' },
  requested: { id: 'bot.login.requested', defaultMessage: 'Requested: {time} ({ago})' },
  typeCode: { id: 'bot.login.typeCode', defaultMessage: 'If this was you, type here the code shown in that browser.' },
  notYou: {
    id: 'bot.login.notYou',
    defaultMessage: 'If you did not start this, or someone sent you this link, press Not me: nobody will be signed in.',
  },
});

/** The login conversation's answers in a language. */
export const loginTexts = (language: Language) => ({
  unknown: botText(language, LOGIN.unknown),
  expired: botText(language, LOGIN.expired),
  used: botText(language, LOGIN.used),
  confirmed: botText(language, LOGIN.confirmed),
  linked: botText(language, LOGIN.linked),
  rejected: botText(language, LOGIN.rejected),
  wrongCode: (attemptsLeft: number) => botText(language, LOGIN.wrongCode, { count: attemptsLeft }),
  locked: botText(language, LOGIN.locked),
  privateOnly: botText(language, LOGIN.privateOnly),
});

/** In English, as the bot has always written them. */
export const LOGIN_TEXT = loginTexts('en');

/** Where the request came from, so the person can tell whether it was them. */
function requestText(request: LoginRequestView, language: Language, timeZone: string, now: Date): string {
  const unknown = botText(language, LOGIN.unknownName);
  return [
    request.purpose === 'link'
      ? botText(language, LOGIN.askedLink, { name: request.linkAccountName ?? unknown })
      : botText(language, LOGIN.askedSignIn),
    '',
    botText(language, LOGIN.browser, { browser: describeBrowser(request.userAgent, language) }),
    botText(language, LOGIN.network, { network: request.network ?? unknown }),
    botText(language, LOGIN.requested, {
      time: formatMoment(request.createdAt, timeZone, language),
      ago: minutesAgo(request.createdAt, now, language),
    }),
    '',
    botText(language, LOGIN.typeCode),
    botText(language, LOGIN.notYou),
  ].join('\n');
}

const LOGIN_PAYLOAD = /^login_([A-Za-z0-9_-]{16,48})$/;
/** A typed confirmation code: digits, perhaps spaced as the browser shows them ("4 7 2 9"). */
const TYPED_CODE = /^\s*(\d[\d\s-]{2,14}\d)\s*$/;

function answerFor(result: 'unknown' | 'expired' | 'already_decided', language: Language): string {
  const text = loginTexts(language);
  if (result === 'unknown') return text.unknown;
  if (result === 'expired') return text.expired;
  return text.used;
}

export function loginFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (!payload.startsWith('login_')) return next();
    const text = loginTexts(ctx.lang);
    // In a group anyone could answer for the waiting browser.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(text.privateOnly));
    const loginId = LOGIN_PAYLOAD.exec(payload)?.[1];
    const request = loginId ? await deps.loginCodes.describe(loginId) : null;
    if (!loginId || !request) return void (await ctx.reply(text.unknown));
    if (request.status === 'expired') return void (await ctx.reply(text.expired));
    if (request.status !== 'pending') return void (await ctx.reply(text.used));
    const claimed = await deps.loginCodes.claim(loginId, ctx.from!.id);
    if (claimed !== 'claimed') return void (await ctx.reply(answerFor(claimed, ctx.lang)));
    const timeZone = await deps.organisationTimeZone();
    await ctx.reply(requestText(request, ctx.lang, timeZone, deps.now()), {
      reply_markup: loginKeyboard(loginId, ctx.lang),
    });
  });

  composer.chatType('private').hears(TYPED_CODE, async (ctx, next) => {
    const typed = (ctx.match[1] ?? '').replace(/[\s-]/g, '');
    const result = await deps.loginCodes.confirmWithCode(
      {
        id: ctx.from.id,
        first_name: ctx.from.first_name,
        last_name: ctx.from.last_name,
        username: ctx.from.username,
      },
      typed,
    );
    if (result.outcome === 'none') return next();
    const text = loginTexts(ctx.lang);
    if (result.outcome === 'wrong_code') return void (await ctx.reply(text.wrongCode(result.attemptsLeft)));
    if (result.outcome === 'locked') return void (await ctx.reply(text.locked));
    await ctx.reply(result.purpose === 'link' ? text.linked : text.confirmed);
  });

  composer.callbackQuery(LOGIN_DATA, async (ctx) => {
    const text = loginTexts(ctx.lang);
    const loginId = parseNotMeData(ctx.callbackQuery.data);
    if (!loginId) return void (await ctx.answerCallbackQuery({ text: text.unknown, show_alert: true }));
    if (ctx.callbackQuery.message?.chat.type !== 'private') {
      return void (await ctx.answerCallbackQuery({ text: text.privateOnly, show_alert: true }));
    }
    const result = await deps.loginCodes.reject(loginId);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(result === 'rejected' ? text.rejected : answerFor(result, ctx.lang));
  });

  return composer;
}
