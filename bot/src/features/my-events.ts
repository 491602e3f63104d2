// /my: the member's own upcoming RSVPs (attending, maybe, on the waitlist with their position), soonest
// first, each with a button opening the event in the Mini App. Replies are changed from the event or /events.
import { Composer, InlineKeyboard, type Context } from 'grammy';
import type { EventSummary } from '../../../shared/types';
import type { BotDeps } from '../bot-deps';
import { listEntry, openButton, opensInMiniApp } from '../event-list';
import { myReplyText } from '../rsvp-text';

export const MY_EVENTS_LIMIT = 10;
export const MY_EVENTS_PRIVATE_ONLY_TEXT = 'Send /my to me in a private chat to see your events.';
export const NO_MY_EVENTS_TEXT =
  'You have not replied to any upcoming event yet. Send /events to see what is coming up.';
export const MY_EVENTS_TITLE = 'Your upcoming events:';

export function myEventsFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const { publicUrl } = deps.config;
  const canOpen = opensInMiniApp(publicUrl);

  function render(events: EventSummary[]) {
    const lines = events.map((event, index) => listEntry(event, index, publicUrl, { reply: myReplyText(event) }));
    const keyboard = canOpen ? InlineKeyboard.from(events.map((event) => [openButton(event, publicUrl!)])) : undefined;
    return { text: [MY_EVENTS_TITLE, '', ...lines].join('\n'), keyboard };
  }

  composer.command('my', async (ctx) => {
    if (!ctx.from) return;
    // The list is the sender's own: not for a group to read.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(MY_EVENTS_PRIVATE_ONLY_TEXT));
    const events = await deps.events.myUpcomingRsvps(await deps.viewerFor(ctx.from), MY_EVENTS_LIMIT);
    if (!events.length) return void (await ctx.reply(NO_MY_EVENTS_TEXT));
    const { text, keyboard } = render(events);
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  });

  return composer;
}
