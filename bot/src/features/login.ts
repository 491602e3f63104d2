// The manual Telegram login (SPEC §4) from the bot's side. /start login_<id> shows where the request came
// from (browser, approximate network, time) and asks the person to type the code their browser shows; a
// bare tap cannot confirm, so someone sent another person's login link cannot hand over their account by
// pressing a button. "Not me" cancels. The browser that asked then collects its session over HTTP.
import { Composer } from 'grammy';
import type { BotContext } from '../i18n';
import type { BotDeps } from '../bot-deps';
import { LOGIN_DATA, parseNotMeData } from '../callback-data';
import { describeBrowser, formatMoment, minutesAgo } from '../format';
import { loginKeyboard } from '../keyboards';

export const LOGIN_TEXT = {
  unknown: 'This login code is unknown. Please start the Telegram login again on the website.',
  expired: 'This login code has expired. Please start the Telegram login again on the website.',
  used: 'This login code has already been used. Please start the Telegram login again on the website.',
  confirmed: '✅ Confirmed. Go back to your browser: it is signing you in now.',
  linked: '✅ Confirmed. Go back to your browser: your Telegram account is being linked.',
  rejected: '🚫 Cancelled. Nobody was signed in with this code.',
  wrongCode: (attemptsLeft: number) =>
    `That code does not match. Type the code shown in your browser (${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left).`,
  locked: '🚫 Too many wrong codes: this sign-in request was cancelled and nobody was signed in.',
  privateOnly:
    'For your safety, Telegram login works only in a private chat with me. Please open the login link again.',
} as const;

const LOGIN_PAYLOAD = /^login_([A-Za-z0-9_-]{16,48})$/;
/** A typed confirmation code: digits, perhaps spaced as the browser shows them ("4 7 2 9"). */
const TYPED_CODE = /^\s*(\d[\d\s-]{2,14}\d)\s*$/;

function answerFor(result: 'unknown' | 'expired' | 'already_decided'): string {
  if (result === 'unknown') return LOGIN_TEXT.unknown;
  if (result === 'expired') return LOGIN_TEXT.expired;
  return LOGIN_TEXT.used;
}

export function loginFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const timeZone = deps.config.notificationsTimeZone;

  composer.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (!payload.startsWith('login_')) return next();
    // In a group anyone could answer for the waiting browser.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(LOGIN_TEXT.privateOnly));
    const loginId = LOGIN_PAYLOAD.exec(payload)?.[1];
    const request = loginId ? await deps.loginCodes.describe(loginId) : null;
    if (!loginId || !request) return void (await ctx.reply(LOGIN_TEXT.unknown));
    if (request.status === 'expired') return void (await ctx.reply(LOGIN_TEXT.expired));
    if (request.status !== 'pending') return void (await ctx.reply(LOGIN_TEXT.used));
    const claimed = await deps.loginCodes.claim(loginId, ctx.from!.id);
    if (claimed !== 'claimed') return void (await ctx.reply(answerFor(claimed)));
    const what =
      request.purpose === 'link'
        ? `link this Telegram account to the website account “${request.linkAccountName ?? 'unknown'}”`
        : 'sign in to the website with this Telegram account';
    await ctx.reply(
      [
        `A browser asked to ${what}.`,
        '',
        `Browser: ${describeBrowser(request.userAgent)}`,
        `Network: ${request.network ?? 'unknown'}`,
        `Requested: ${formatMoment(request.createdAt, timeZone)} (${minutesAgo(request.createdAt, deps.now())})`,
        '',
        'If this was you, type here the code shown in that browser.',
        'If you did not start this, or someone sent you this link, press Not me: nobody will be signed in.',
      ].join('\n'),
      { reply_markup: loginKeyboard(loginId) },
    );
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
    if (result.outcome === 'wrong_code') return void (await ctx.reply(LOGIN_TEXT.wrongCode(result.attemptsLeft)));
    if (result.outcome === 'locked') return void (await ctx.reply(LOGIN_TEXT.locked));
    await ctx.reply(result.purpose === 'link' ? LOGIN_TEXT.linked : LOGIN_TEXT.confirmed);
  });

  composer.callbackQuery(LOGIN_DATA, async (ctx) => {
    const loginId = parseNotMeData(ctx.callbackQuery.data);
    if (!loginId) return void (await ctx.answerCallbackQuery({ text: LOGIN_TEXT.unknown, show_alert: true }));
    if (ctx.callbackQuery.message?.chat.type !== 'private') {
      return void (await ctx.answerCallbackQuery({ text: LOGIN_TEXT.privateOnly, show_alert: true }));
    }
    const result = await deps.loginCodes.reject(loginId);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(result === 'rejected' ? LOGIN_TEXT.rejected : answerFor(result));
  });

  return composer;
}
