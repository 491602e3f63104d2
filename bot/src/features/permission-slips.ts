// The Approve / Decline buttons under a guardian's permission slip request: the decision goes through the same
// use case as the guardian page, which checks that the tapping account is a guardian of that child. The
// message then says what was decided and loses its buttons.
import { Composer } from 'grammy';
import { DomainError } from '../../../shared/errors';
import { errorText } from '../../../shared/i18n/error-text';
import type { BotDeps } from '../bot-deps';
import { parseSlipData, SLIP_DATA } from '../callback-data';
import type { Language } from '../../../shared/i18n/languages';
import type { BotContext } from '../i18n';
import { slipTexts } from '../keyboards';
import { isNotModified, rsvpTexts } from '../rsvp-text';

/** A refused tap: not this account's child (or no such slip any more) is an invalid button; a rule says its own. */
function refusal(error: unknown, language: Language): string {
  if (error instanceof DomainError) {
    if (error.kind === 'conflict') return errorText(error, language).text;
    if (error.kind === 'forbidden' || error.kind === 'not_found' || error.kind === 'invalid') {
      return rsvpTexts(language).invalid;
    }
  }
  throw error;
}

export function permissionSlipsFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();

  composer.callbackQuery(SLIP_DATA, async (ctx) => {
    const parsed = parseSlipData(ctx.callbackQuery.data);
    // The buttons sit under the bot's own private messages; on a message posted through inline mode they are forged.
    if (!parsed || ctx.callbackQuery.inline_message_id) {
      return void (await ctx.answerCallbackQuery({ text: rsvpTexts(ctx.lang).invalid }));
    }
    try {
      await deps.slips.decide(ctx.from.id, parsed.childId, parsed.eventId, parsed.approve);
    } catch (error) {
      return void (await ctx.answerCallbackQuery({ text: refusal(error, ctx.lang), show_alert: true }));
    }
    const text = slipTexts(ctx.lang);
    const decided = parsed.approve ? text.approved : text.declined;
    await ctx.answerCallbackQuery({ text: decided });
    const original = ctx.callbackQuery.message?.text;
    if (!original) return;
    try {
      await ctx.editMessageText(`${original}\n\n${decided}`, { reply_markup: { inline_keyboard: [] } });
    } catch (error) {
      if (!isNotModified(error)) throw error;
    }
  });

  return composer;
}
