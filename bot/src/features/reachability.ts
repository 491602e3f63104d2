// What Telegram tells the bot about whether it may write to a person, handed to the server (BotDeps): /start
// in the private chat, my_chat_member updates (kicked = blocked the bot, member = unblocked or started), the
// write_access_allowed service message (allowed from the Mini App) and connected_website (signed in with the
// Login Widget, which asks for write access). The Settings page's "open the bot" link carries /start notify,
// answered here with a confirmation instead of the welcome.
import { Composer } from 'grammy';
import type { BotContext } from '../i18n';
import type { BotDeps } from '../bot-deps';

export const NOTIFY_START_PAYLOAD = 'notify';
export const NOTIFY_ON_TEXT =
  '✅ Done: your Telegram notifications will reach you here. Send /events to see what is coming up, or /my for ' +
  'your own events.';

export function reachabilityFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.command('start', async (ctx, next) => {
    if (ctx.chat.type !== 'private' || !ctx.from) return next();
    await deps.telegramStarted(ctx.from.id);
    if (ctx.match.trim() !== NOTIFY_START_PAYLOAD) return next();
    await ctx.reply(NOTIFY_ON_TEXT);
  });

  composer.on('my_chat_member', async (ctx, next) => {
    const update = ctx.myChatMember;
    // Only the private chat says whether we may write to the person; groups are not theirs alone.
    if (update.chat.type !== 'private') return next();
    const status = update.new_chat_member.status;
    if (status === 'kicked') await deps.telegramBlocked(update.from.id);
    else if (status === 'member') await deps.telegramStarted(update.from.id);
  });

  composer.on(['message:write_access_allowed', 'message:connected_website'], (ctx) =>
    deps.telegramStarted(ctx.from.id),
  );

  return composer;
}
