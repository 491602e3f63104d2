// Inline mode: `@bot <text>` in any chat lists the events this Telegram user may share, picking one
// posts the event card, and the card's buttons record RSVPs of linked members. The bot never joins the chat;
// the cards are edited later through their inline message ids (the API's card refresher).
import { Composer } from 'grammy';
import type { BotDeps } from '../bot-deps';
import { CARD_DATA, cardResult, cardTexts, parseCardData, parseResultId, startLink } from '../event-card';
import { answerText, refusalText } from '../rsvp-text';
import { BOT } from '../bot-messages';
import { botText, type BotContext } from '../i18n';

/** Telegram shows at most 50; a chat popup is read at a glance. */
export const INLINE_RESULTS_LIMIT = 20;
/** Seconds Telegram may reuse an answer for the same user and text (counts may move meanwhile). */
export const INLINE_CACHE_SECONDS = 5;
/** What someone may type after @bot (Telegram allows 256 characters). */
const QUERY_LIMIT = 100;
/** Chats where a card is read by many: written in the organisation's language rather than the sharer's. */
const SHARED_CHATS = new Set(['group', 'supergroup', 'channel']);

export function inlineSharingFeature(deps: BotDeps): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const { botUsername } = deps.config.telegram;
  const cardOptions = {
    botUsername,
    publicUrl: deps.config.publicUrl,
  };

  composer.on('inline_query', async (ctx) => {
    const member = await deps.sharing.memberFor(ctx.inlineQuery.from.id);
    // Answers differ between members and people unknown here: never shared between users.
    const options = { cache_time: INLINE_CACHE_SECONDS, is_personal: true };
    if (!member) {
      // Unknown here: nothing to list, and a button that opens the bot (its /start welcome signs them in).
      return void (await ctx.answerInlineQuery([], {
        ...options,
        button: { text: cardTexts(ctx.lang).signInFirst, start_parameter: 'share' },
      }));
    }
    const text = ctx.inlineQuery.query.trim().slice(0, QUERY_LIMIT);
    const [events, timeZone] = await Promise.all([
      deps.sharing.shareableEvents(text, INLINE_RESULTS_LIMIT),
      deps.organisationTimeZone(),
    ]);
    // A private chat (with the bot, a friend, or a secret one, which Telegram does not name) reads the sharer's
    // language; a group or channel the organisation's, which the card keeps when redrawn.
    const language = SHARED_CHATS.has(ctx.inlineQuery.chat_type ?? '')
      ? { card: (await deps.languageHints(null)).organisation, chosen: null }
      : { card: ctx.lang, chosen: ctx.lang };
    await ctx.answerInlineQuery(
      events.map((event) => cardResult(event, { ...cardOptions, timeZone }, language)),
      options,
    );
  });

  composer.on('chosen_inline_result', async (ctx) => {
    const { result_id, inline_message_id, from } = ctx.chosenInlineResult;
    const result = parseResultId(result_id);
    // Without an inline message id there is nothing to edit later (Telegram sends one for cards with buttons).
    if (!result || !inline_message_id) return;
    await deps.sharing.cardPosted({ inlineMessageId: inline_message_id, ...result, telegramUserId: from.id });
  });

  composer.callbackQuery(CARD_DATA, async (ctx) => {
    const parsed = parseCardData(ctx.callbackQuery.data);
    const inlineMessageId = ctx.callbackQuery.inline_message_id;
    // A card lives only in a message posted through inline mode; its data is whatever the client sent.
    if (!parsed || !inlineMessageId)
      return void (await ctx.answerCallbackQuery({ text: botText(ctx.lang, BOT.invalidButton) }));
    const member = await deps.sharing.memberFor(ctx.from.id);
    if (!member) {
      // Someone we do not know: nothing is recorded; Telegram opens the bot, whose /start signs them in.
      return void (await ctx.answerCallbackQuery(
        botUsername
          ? { url: startLink(botUsername, `event_${parsed.eventId}`) }
          : { text: cardTexts(ctx.lang).signInToReply, show_alert: true },
      ));
    }
    const tap = { inlineMessageId, eventId: parsed.eventId, token: parsed.token };
    // Data naming another event than the card's, or a message the server cannot tie to that event (no token,
    // or one it did not make for that event, used up or expired).
    if (!(await deps.sharing.acceptTap(tap))) {
      return void (await ctx.answerCallbackQuery({ text: botText(ctx.lang, BOT.invalidButton), show_alert: true }));
    }
    try {
      // The same use case as POST /attend; the card's counts follow through the refresher, on every copy.
      const result = await deps.events.setAttendance(member, parsed.eventId, { status: parsed.status });
      await ctx.answerCallbackQuery({ text: answerText(result, ctx.lang) });
    } catch (error) {
      // A private event of someone uninvited answers exactly as a deleted one: the card reveals nothing more.
      await ctx.answerCallbackQuery({ text: refusalText(error, ctx.lang), show_alert: true });
    }
  });

  return composer;
}
