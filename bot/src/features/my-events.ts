// /my: the member's own upcoming RSVPs (attending, maybe, on the waitlist with their position), soonest
// first, each with a button opening the event in the Mini App. Replies are changed from the event or /events.
import { Composer, InlineKeyboard } from 'grammy';
import type { Language } from '../../../shared/i18n/languages';
import type { EventSummary } from '../../../shared/types';
import type { BotDeps } from '../bot-deps';
import { BOT } from '../bot-messages';
import { botText, type BotContext } from '../i18n';
import { listEntry, openButton, opensInMiniApp } from '../event-list';
import { myReplyText } from '../rsvp-text';

export const MY_EVENTS_LIMIT = 10;
export const MY_EVENTS_PRIVATE_ONLY_TEXT = botText('en', BOT.myPrivateOnly);
export const NO_MY_EVENTS_TEXT = botText('en', BOT.noMyEvents);
export const MY_EVENTS_TITLE = botText('en', BOT.myTitle);

export function myEventsFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { publicUrl } = deps.config;
  const canOpen = opensInMiniApp(publicUrl);

  function render(events: EventSummary[], language: Language) {
    const lines = events.map((event, index) =>
      listEntry(event, index, publicUrl, { reply: myReplyText(event, language), language }),
    );
    const keyboard = canOpen ? InlineKeyboard.from(events.map((event) => [openButton(event, publicUrl!)])) : undefined;
    return { text: [botText(language, BOT.myTitle), '', ...lines].join('\n'), keyboard };
  }

  composer.command('my', async (ctx) => {
    if (!ctx.from) return;
    // The list is the sender's own: not for a group to read.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(botText(ctx.lang, BOT.myPrivateOnly)));
    const events = await deps.events.myUpcomingRsvps(await deps.viewerFor(ctx.from), MY_EVENTS_LIMIT);
    if (!events.length) return void (await ctx.reply(botText(ctx.lang, BOT.noMyEvents)));
    const { text, keyboard } = render(events, ctx.lang);
    await ctx.reply(text, keyboard ? { reply_markup: keyboard } : {});
  });

  return composer;
}
