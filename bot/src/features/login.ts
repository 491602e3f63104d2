// The manual Telegram login (SPEC §4) from the bot's side: /start login_<id> shows where the request came
// from, and Confirm / Not me decide it. The browser that asked then collects its session over HTTP.
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../bot-deps';
import { LOGIN_DATA, parseLoginData } from '../callback-data';
import { describeBrowser, formatMoment, minutesAgo } from '../format';
import { loginKeyboard } from '../keyboards';

export const LOGIN_TEXT = {
  unknown: 'This login code is unknown. Please start the Telegram login again on the website.',
  expired: 'This login code has expired. Please start the Telegram login again on the website.',
  used: 'This login code has already been used. Please start the Telegram login again on the website.',
  confirmed: '✅ Confirmed. Go back to your browser: it is signing you in now.',
  linked: '✅ Confirmed. Go back to your browser: your Telegram account is being linked.',
  rejected: '🚫 Cancelled. Nobody was signed in with this code.',
  privateOnly:
    'For your safety, Telegram login works only in a private chat with me. Please open the login link again.',
} as const;

const LOGIN_PAYLOAD = /^login_([A-Za-z0-9_-]{16,48})$/;

function answerFor(result: 'unknown' | 'expired' | 'already_decided'): string {
  if (result === 'unknown') return LOGIN_TEXT.unknown;
  if (result === 'expired') return LOGIN_TEXT.expired;
  return LOGIN_TEXT.used;
}

export function loginFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const timeZone = deps.config.notificationsTimeZone;

  composer.command('start', async (ctx, next) => {
    const payload = ctx.match.trim();
    if (!payload.startsWith('login_')) return next();
    // In a group anyone could press Confirm and hand the waiting browser their own account.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(LOGIN_TEXT.privateOnly));
    const loginId = LOGIN_PAYLOAD.exec(payload)?.[1];
    const request = loginId ? await deps.loginCodes.describe(loginId) : null;
    if (!loginId || !request) return void (await ctx.reply(LOGIN_TEXT.unknown));
    if (request.status === 'expired') return void (await ctx.reply(LOGIN_TEXT.expired));
    if (request.status !== 'pending') return void (await ctx.reply(LOGIN_TEXT.used));
    const what =
      request.purpose === 'link'
        ? 'link this Telegram account to an account on the website'
        : 'sign in to the website with this Telegram account';
    await ctx.reply(
      [
        `A browser asked to ${what}.`,
        '',
        `Browser: ${describeBrowser(request.userAgent)}`,
        `Requested: ${formatMoment(request.createdAt, timeZone)} (${minutesAgo(request.createdAt, deps.now())})`,
        '',
        'If this was you, press Confirm. If you did not start this, press Not me: nobody will be signed in.',
      ].join('\n'),
      { reply_markup: loginKeyboard(loginId) },
    );
  });

  composer.callbackQuery(LOGIN_DATA, async (ctx) => {
    const parsed = parseLoginData(ctx.callbackQuery.data);
    if (!parsed) return void (await ctx.answerCallbackQuery({ text: LOGIN_TEXT.unknown, show_alert: true }));
    if (ctx.callbackQuery.message?.chat.type !== 'private') {
      return void (await ctx.answerCallbackQuery({ text: LOGIN_TEXT.privateOnly, show_alert: true }));
    }
    const { action, loginId } = parsed;
    if (action === 'reject') {
      const result = await deps.loginCodes.reject(loginId);
      const text = result === 'rejected' ? LOGIN_TEXT.rejected : answerFor(result);
      await ctx.answerCallbackQuery();
      await ctx.editMessageText(text);
      return;
    }
    const request = await deps.loginCodes.describe(loginId);
    const result = await deps.loginCodes.confirm(loginId, {
      id: ctx.from.id,
      first_name: ctx.from.first_name,
      last_name: ctx.from.last_name,
      username: ctx.from.username,
    });
    const text =
      result === 'confirmed'
        ? request?.purpose === 'link'
          ? LOGIN_TEXT.linked
          : LOGIN_TEXT.confirmed
        : answerFor(result);
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(text);
  });

  return composer;
}
