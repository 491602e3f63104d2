// The shared event cards' side of the composition root: the bot's card drawn by the API's refresher
// and prepared for the Mini App's Share action. bot/ owns the card's look; the API module only stores, claims
// and edits.
import type { Api } from 'grammy';
import { cardResult, renderCard, type CardOptions } from '../../../bot/src/event-card';
import type { AppDeps } from '../deps';
import {
  lastKnownTimeZone,
  organisationTimeZone,
  readDefaultLanguage,
} from '../modules/organisation/organisation-service';
import {
  createPacer,
  databasePacer,
  PACE_PER_SECOND,
  realClock,
  waitForSharedSlot,
} from '../modules/notifications/telegram-sender';
import {
  createCardRefresher,
  type CardRefresherOptions,
  type RenderedCard,
} from '../modules/telegram/shared-cards-refresher';
import type { PreparedCards } from '../modules/telegram/prepared-cards';

export interface TelegramCardsOptions {
  /** This process's edits per second; without it, the pace all instances share with the notification sender. */
  perSecond?: number;
}

export function createTelegramCards(deps: AppDeps, api: Api, options: TelegramCardsOptions = {}) {
  const { config } = deps;
  // Events name their own zone; the organisation's (last read: the refresher draws synchronously) is for the rest.
  const cardOptions = (): CardOptions => ({
    botUsername: config.telegram.botUsername,
    publicUrl: config.publicUrl,
    timeZone: lastKnownTimeZone(deps),
  });

  const defaultLanguage = () => readDefaultLanguage(config, deps.prisma);

  const prepared: PreparedCards = {
    // The Mini App may post it into any chat, the bot does not learn which: the organisation's language.
    async prepare(telegramUserId, event, token) {
      const language = { card: await defaultLanguage(), chosen: null };
      await organisationTimeZone(deps);
      const result = cardResult(event, cardOptions(), language, token);
      const message = await api.savePreparedInlineMessage(telegramUserId, result, {
        allow_user_chats: true,
        allow_group_chats: true,
        allow_channel_chats: true,
      });
      return { id: message.id, expiresAt: new Date(message.expiration_date * 1000) };
    },
  };

  // Edits count against Telegram's 30/s like messages: in production every instance's sends and edits take
  // their turns from the one slot sequence in the database.
  const local = createPacer(options.perSecond ?? PACE_PER_SECOND);
  const shared = options.perSecond ? null : databasePacer(deps.prisma);
  const pace = async (key: string) => {
    await local(key, Infinity, shared ? () => waitForSharedSlot(shared, realClock) : undefined);
  };

  const createRefresher = (tuning: Partial<CardRefresherOptions> = {}) =>
    createCardRefresher(
      {
        prisma: deps.prisma,
        logger: deps.logger,
        api,
        render: (event, language) => renderCard(event, cardOptions(), language) as RenderedCard,
        defaultLanguage,
        pace,
      },
      tuning,
    );

  return { prepared, createRefresher };
}
