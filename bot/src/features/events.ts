// /events: the next upcoming events this Telegram user may see, each with a button opening it in the Mini App
// and one to reply ('I Will Attend', or 'Join the waitlist' when the event is full). A reply redraws the list.
import { Composer, InlineKeyboard } from 'grammy';
import type { Language } from '../../../shared/i18n/languages';
import type { RsvpStatus } from '../../../shared/constants';
import type { EventSummary } from '../../../shared/types';
import type { BotDeps, Viewer } from '../bot-deps';
import { BOT } from '../bot-messages';
import { botText, type BotContext } from '../i18n';
import { EVENTS_LIST_DATA, parseEventsListData, rsvpData } from '../callback-data';
import { listEntry, openButton, opensInMiniApp } from '../event-list';
import { answerText, isNotModified, myReplyText, placesText, refusalText, rsvpTexts } from '../rsvp-text';

export const EVENTS_LIMIT = 5;
export const EVENTS_PRIVATE_ONLY_TEXT = botText('en', BOT.eventsPrivateOnly);
export const NO_EVENTS_TEXT = botText('en', BOT.noEvents);

/** The reply a button offers: leave what the member holds, or ask for a spot (the waitlist when full). */
function action(event: EventSummary, language: Language): { label: string; status: RsvpStatus } {
  const text = rsvpTexts(language);
  if (event.myStatus === 'attending') return { label: text.cannotAttend, status: 'not_attending' };
  if (event.myStatus === 'waitlisted') return { label: text.leaveWaitlist, status: 'not_attending' };
  const full = event.spotsLeft !== null && event.spotsLeft <= 0;
  return { label: full ? text.joinWaitlist : text.willAttend, status: 'attending' };
}

export function eventsFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { publicUrl } = deps.config;
  const canOpen = opensInMiniApp(publicUrl);

  function render(events: EventSummary[], language: Language) {
    const lines = events.map((event, index) =>
      listEntry(event, index, publicUrl, {
        details: placesText(event, language),
        reply: myReplyText(event, language),
        language,
      }),
    );
    const keyboard = InlineKeyboard.from(
      events.map((event, index) => {
        const { label, status } = action(event, language);
        const reply = InlineKeyboard.text(canOpen ? label : `${index + 1}. ${label}`, rsvpData(event.id, status, 'ev'));
        return canOpen ? [openButton(event, publicUrl!), reply] : [reply];
      }),
    );
    return { text: [botText(language, BOT.eventsTitle), '', ...lines].join('\n'), keyboard };
  }

  const upcoming = (viewer: Viewer) => deps.events.upcomingEvents(viewer, EVENTS_LIMIT);

  composer.command('events', async (ctx) => {
    if (!ctx.from) return;
    // The list is the sender's own (private events they are invited to): not for a group to read.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(botText(ctx.lang, BOT.eventsPrivateOnly)));
    const events = await upcoming(await deps.viewerFor(ctx.from));
    if (!events.length) return void (await ctx.reply(botText(ctx.lang, BOT.noEvents)));
    const { text, keyboard } = render(events, ctx.lang);
    await ctx.reply(text, { reply_markup: keyboard });
  });

  composer.callbackQuery(EVENTS_LIST_DATA, async (ctx) => {
    const parsed = parseEventsListData(ctx.callbackQuery.data);
    // These buttons sit under the bot's own messages; on a message posted through inline mode the data is forged.
    if (!parsed || ctx.callbackQuery.inline_message_id)
      return void (await ctx.answerCallbackQuery({ text: botText(ctx.lang, BOT.invalidButton) }));
    const viewer = await deps.viewerFor(ctx.from);
    try {
      const result = await deps.events.setAttendance(viewer, parsed.eventId, { status: parsed.status });
      await ctx.answerCallbackQuery({ text: answerText(result, ctx.lang) });
    } catch (error) {
      await ctx.answerCallbackQuery({ text: refusalText(error, ctx.lang), show_alert: true });
    }
    const events = await upcoming(viewer);
    if (!events.length || !ctx.callbackQuery.message) return;
    const { text, keyboard } = render(events, ctx.lang);
    try {
      await ctx.editMessageText(text, { reply_markup: keyboard });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  });

  return composer;
}
