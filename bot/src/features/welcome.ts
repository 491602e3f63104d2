// /start (plain, or with event_<id> from a shared link): a welcome with a button opening the Mini App.
import { Composer, type Context } from 'grammy';
import type { BotDeps } from '../bot-deps';
import { miniAppButton } from '../keyboards';

export const WELCOME_TEXT =
  'Welcome to Community Events! Browse upcoming events, tell us whether you will attend, and get reminders ' +
  'here in Telegram.\n\nOpen the app with the button below, or send /events to see what is coming up.';
export const EVENT_WELCOME_TEXT = 'Welcome to Community Events! Open the event with the button below.';

const EVENT_PAYLOAD = /^event_(\d{1,10})$/;

/** The event of a shared link; ids outside the database's range can name no event. */
function eventIdOf(payload: string): number | null {
  const id = Number(EVENT_PAYLOAD.exec(payload)?.[1] ?? 0);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export function welcomeFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const { publicUrl } = deps.config;

  composer.command('start', async (ctx) => {
    const eventId = eventIdOf(ctx.match.trim());
    const path = eventId ? `/events/${eventId}` : '/events';
    const label = eventId ? 'Open the event' : 'Open Community Events';
    const keyboard = miniAppButton(publicUrl, path, label, ctx.chat.type === 'private');
    let text = eventId ? EVENT_WELCOME_TEXT : WELCOME_TEXT;
    // Without an https address Telegram cannot open the Mini App; a plain link still helps in development.
    if (!keyboard && publicUrl) text += `\n\n${publicUrl}${path}`;
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  });

  return composer;
}
