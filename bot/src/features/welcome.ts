// /start (plain, or with event_<id> from a shared link): a welcome with a button opening the Mini App.
import { Composer } from 'grammy';
import type { BotDeps } from '../bot-deps';
import { BOT } from '../bot-messages';
import { botText, type BotContext } from '../i18n';
import { eventsMenuButton, miniAppButton } from '../keyboards';

export const WELCOME_TEXT = botText('en', BOT.welcome);
export const EVENT_WELCOME_TEXT = botText('en', BOT.eventWelcome);

const EVENT_PAYLOAD = /^event_(\d{1,10})$/;

/** The event of a shared link; ids outside the database's range can name no event. */
function eventIdOf(payload: string): number | null {
  const id = Number(EVENT_PAYLOAD.exec(payload)?.[1] ?? 0);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function welcomeFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { publicUrl } = deps.config;

  composer.command('start', async (ctx) => {
    const eventId = eventIdOf(ctx.match.trim());
    const path = eventId ? `/events/${eventId}` : '/events';
    const label = botText(ctx.lang, eventId ? BOT.openEvent : BOT.openApp);
    const keyboard = miniAppButton(publicUrl, path, label, ctx.chat.type === 'private');
    let text = botText(ctx.lang, eventId ? BOT.eventWelcome : BOT.welcome);
    // Without an https address Telegram cannot open the Mini App; a plain link still helps in development.
    if (!keyboard && publicUrl) text += `\n\n${publicUrl}${path}`;
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
    // The menu button beside the message box is set for all chats in English; this chat gets its reader's word.
    if (keyboard && ctx.chat.type === 'private') {
      await ctx.api
        .setChatMenuButton({ chat_id: ctx.chat.id, menu_button: eventsMenuButton(publicUrl!, ctx.lang) })
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'menu button not set for a chat'));
    }
  });

  return composer;
}
