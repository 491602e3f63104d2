// The 'I Will Attend' / 'Cannot Attend' buttons under notification messages: the RSVP is recorded through the
// events service (same rules as the website: a full event waitlists the member) and the message shows the
// new choice.
import { Composer } from 'grammy';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import type { AttendResponse } from '../../../shared/types';
import type { BotDeps } from '../bot-deps';
import { BOT } from '../bot-messages';
import { botText, type BotContext } from '../i18n';
import { parseRsvpData, RSVP_DATA } from '../callback-data';
import { rsvpKeyboard } from '../keyboards';
import { answerText, isNotModified, refusalText, replyChoice, RSVP_TEXT } from '../rsvp-text';

export { RSVP_TEXT };

export const replyLine = (result: AttendResponse, language: Language = 'en') =>
  `\n\n${botText(language, BOT.yourReply, { reply: replyChoice(result, language) })}`;

/** "\n\nYour reply: " in every language: the line is replaced even when the member changed language since. */
const REPLY_MARKS = LANGUAGES.map((language) => `\n\n${botText(language, BOT.yourReply, { reply: '' })}`);

/** The notification's own text, without a reply line a press added earlier. */
function withoutReplyLine(text: string): string {
  const cut = Math.min(...REPLY_MARKS.map((mark) => text.indexOf(mark)).filter((index) => index >= 0));
  return Number.isFinite(cut) ? text.slice(0, cut) : text;
}

export function rsvpFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(RSVP_DATA, async (ctx) => {
    const parsed = parseRsvpData(ctx.callbackQuery.data);
    // These buttons sit under the bot's own messages; on a message posted through inline mode the data is forged.
    if (!parsed || ctx.callbackQuery.inline_message_id)
      return void (await ctx.answerCallbackQuery({ text: botText(ctx.lang, BOT.invalidButton) }));
    const viewer = await deps.viewerFor(ctx.from);
    let result: AttendResponse;
    try {
      result = await deps.events.setAttendance(viewer, parsed.eventId, { status: parsed.status });
    } catch (error) {
      return void (await ctx.answerCallbackQuery({ text: refusalText(error, ctx.lang), show_alert: true }));
    }
    await ctx.answerCallbackQuery({ text: answerText(result, ctx.lang) });
    const original = ctx.callbackQuery.message?.text;
    if (!original) return;
    const base = withoutReplyLine(original);
    try {
      await ctx.editMessageText(base + replyLine(result, ctx.lang), {
        reply_markup: rsvpKeyboard(parsed.eventId, false, ctx.lang),
      });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  });

  return composer;
}
