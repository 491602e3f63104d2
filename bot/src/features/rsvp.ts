// The 'I Will Attend' / 'Cannot Attend' buttons under notification messages: the RSVP is recorded through the
// events service (same rules as the website: a full event waitlists the member) and the message shows the
// new choice.
import { Composer, type Context } from 'grammy';
import type { AttendResponse } from '../../../shared/types';
import type { BotDeps } from '../bot-deps';
import { parseRsvpData, RSVP_DATA } from '../callback-data';
import { rsvpKeyboard } from '../keyboards';
import { answerText, isNotModified, refusalText, replyChoice, RSVP_TEXT } from '../rsvp-text';

export { RSVP_TEXT };

const REPLY_MARK = '\n\nYour reply: ';

export const replyLine = (result: AttendResponse) => `${REPLY_MARK}${replyChoice(result)}`;

export function rsvpFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.callbackQuery(RSVP_DATA, async (ctx) => {
    const parsed = parseRsvpData(ctx.callbackQuery.data);
    // These buttons sit under the bot's own messages; on a message posted through inline mode the data is forged.
    if (!parsed || ctx.callbackQuery.inline_message_id)
      return void (await ctx.answerCallbackQuery({ text: RSVP_TEXT.invalid }));
    const viewer = await deps.viewerFor(ctx.from);
    let result: AttendResponse;
    try {
      result = await deps.events.setAttendance(viewer, parsed.eventId, { status: parsed.status });
    } catch (error) {
      return void (await ctx.answerCallbackQuery({ text: refusalText(error), show_alert: true }));
    }
    await ctx.answerCallbackQuery({ text: answerText(result) });
    const original = ctx.callbackQuery.message?.text;
    if (!original) return;
    const base = original.split(REPLY_MARK)[0]!;
    try {
      await ctx.editMessageText(base + replyLine(result), { reply_markup: rsvpKeyboard(parsed.eventId) });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  });

  return composer;
}
