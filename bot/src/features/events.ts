// /events: the next upcoming events this Telegram user may see, each with a button opening it in the Mini App.
import { Composer, InlineKeyboard, type Context } from 'grammy';
import { shorten } from '../../../shared/text';
import type { BotDeps } from '../bot-deps';
import { formatEventShort } from '../format';

export const EVENTS_LIMIT = 5;
export const EVENTS_PRIVATE_ONLY_TEXT = 'Send /events to me in a private chat to see the events open to you.';
export const NO_EVENTS_TEXT = 'There are no upcoming events right now. We will let you know when there are!';

export function eventsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const { publicUrl, notificationsTimeZone } = deps.config;

  composer.command('events', async (ctx) => {
    if (!ctx.from) return;
    // The list is the sender's own (private events they are invited to): not for a group to read.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(EVENTS_PRIVATE_ONLY_TEXT));
    const viewer = await deps.viewerFor(ctx.from);
    const events = await deps.events.upcomingEvents(viewer, EVENTS_LIMIT);
    if (!events.length) return void (await ctx.reply(NO_EVENTS_TEXT));
    const canOpen = Boolean(publicUrl?.startsWith('https://'));
    const keyboard = InlineKeyboard.from(
      events.map((event) => [InlineKeyboard.webApp(shorten(event.name, 60), `${publicUrl}/events/${event.id}`)]),
    );
    const lines = events.map((event, index) => {
      const when = formatEventShort(new Date(event.date), notificationsTimeZone);
      const link = !canOpen && publicUrl ? `\n   ${publicUrl}/events/${event.id}` : '';
      return `${index + 1}. ${event.name}\n   ${when} · ${event.location}${link}`;
    });
    await ctx.reply(['Upcoming events:', '', ...lines].join('\n'), canOpen ? { reply_markup: keyboard } : {});
  });

  return composer;
}
