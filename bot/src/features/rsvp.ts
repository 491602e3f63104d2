// The 'I Will Attend' / 'Cannot Attend' buttons under notification messages: the RSVP is recorded through the
// events service (same rules as the website) and the message shows the new choice.
import { Composer, GrammyError, type Context } from 'grammy';
import { DomainError } from '../../../shared/errors';
import type { BotDeps } from '../bot-deps';
import { parseRsvpData, RSVP_DATA } from '../callback-data';
import { rsvpKeyboard } from '../keyboards';

export const RSVP_TEXT = {
  gone: 'This event is no longer available.',
  invalid: 'This button is no longer valid.',
} as const;

const REPLY_MARK = '\n\nYour reply: ';

export function replyLine(status: string, attendingCount: number): string {
  const choice = status === 'attending' ? 'I Will Attend ✅' : 'Cannot Attend ❌';
  const people = attendingCount === 1 ? '1 person' : `${attendingCount} people`;
  return `${REPLY_MARK}${choice} (${people} attending)`;
}

export function rsvpFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();

  composer.callbackQuery(RSVP_DATA, async (ctx) => {
    const parsed = parseRsvpData(ctx.callbackQuery.data);
    if (!parsed) return void (await ctx.answerCallbackQuery({ text: RSVP_TEXT.invalid }));
    const viewer = await deps.viewerFor(ctx.from);
    let result: { status: string; attendingCount: number };
    try {
      result = await deps.events.setAttendance(viewer, parsed.eventId, parsed.status);
    } catch (error) {
      // Gone, hidden from this member, or not theirs to answer: the button cannot do anything now.
      if (error instanceof DomainError && ['not_found', 'forbidden', 'invalid', 'conflict'].includes(error.kind)) {
        return void (await ctx.answerCallbackQuery({ text: RSVP_TEXT.gone, show_alert: true }));
      }
      throw error;
    }
    await ctx.answerCallbackQuery({ text: 'RSVP updated: Your attendance status has been updated.' });
    const original = ctx.callbackQuery.message?.text;
    if (!original) return;
    const base = original.split(REPLY_MARK)[0]!;
    try {
      await ctx.editMessageText(base + replyLine(result.status, result.attendingCount), {
        reply_markup: rsvpKeyboard(parsed.eventId),
      });
    } catch (error) {
      // Pressing the same button twice leaves the text unchanged, which Telegram reports as an error.
      if (!(error instanceof GrammyError && /message is not modified/i.test(error.description))) throw error;
    }
  });

  return composer;
}
