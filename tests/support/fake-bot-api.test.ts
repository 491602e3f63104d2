// The fake Bot API stands in for Telegram in every bot and notification test: where it is more lenient than
// Telegram, a product bug passes there and fails in production. These are the refusals our code could earn,
// checked through grammY's own client so the error our code sees is the one Telegram's answer would give.
import { Api, GrammyError, InlineKeyboard } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KNOWN_METHODS,
  startFakeBotApi,
  TELEGRAM_CALLBACK_ANSWER_LIMIT,
  TELEGRAM_CHAT_LIMITS,
  type FakeBotApi,
} from './fake-bot-api';
import { TEST_BOT_TOKEN } from './test-app';

/** The Telegram error a call ends in, or null when it succeeds. */
async function refusal(call: Promise<unknown>): Promise<GrammyError | null> {
  try {
    await call;
    return null;
  } catch (error) {
    if (error instanceof GrammyError) return error;
    throw error;
  }
}

describe('the fake Bot API refuses what Telegram refuses', () => {
  let botApi: FakeBotApi;
  let api: Api;

  beforeAll(async () => {
    botApi = await startFakeBotApi({ ...TELEGRAM_CHAT_LIMITS });
    api = new Api(TEST_BOT_TOKEN, { apiRoot: botApi.apiRoot });
  });
  afterAll(() => botApi.stop());

  it('When a method Telegram does not have is called, then it is a 404 "method not found"', async () => {
    const raw = api.raw as unknown as Record<string, (params: object) => Promise<unknown>>;
    const error = await refusal(raw.sendMesage!({ chat_id: 1, text: 'Hello' }));
    expect(error?.error_code).toBe(404);
    expect(error?.description).toBe('Not Found: method not found');
    // Telegram matches method names without regard to case; only a misspelling is unknown.
    expect(await refusal(raw.sendmessage!({ chat_id: 2, text: 'Hello' }))).toBeNull();
    expect(KNOWN_METHODS).toContain('sendMessage');
  });

  it('When a button carries more than 64 bytes of callback data, then the whole message is refused', async () => {
    // 32 two-byte letters are 64 bytes: counted in bytes, not characters.
    const fits = new InlineKeyboard().text('Yes', 'é'.repeat(32));
    expect(await refusal(api.sendMessage(3, 'Fits', { reply_markup: fits }))).toBeNull();

    const tooLong = new InlineKeyboard().text('Yes', 'a').text('No', `${'é'.repeat(32)}a`);
    const error = await refusal(api.sendMessage(4, 'Too long', { reply_markup: tooLong }));
    expect(error?.error_code).toBe(400);
    expect(error?.description).toBe('Bad Request: BUTTON_DATA_INVALID');

    const inlineResult = {
      type: 'article' as const,
      id: 'e1',
      title: 'Card',
      input_message_content: { message_text: 'Card' },
      reply_markup: tooLong,
    };
    expect((await refusal(api.answerInlineQuery('q1', [inlineResult])))?.description).toBe(
      'Bad Request: BUTTON_DATA_INVALID',
    );
    expect((await refusal(api.savePreparedInlineMessage(5, inlineResult)))?.description).toBe(
      'Bad Request: BUTTON_DATA_INVALID',
    );
  });

  it('When the answer to a button press is longer than 200 characters, then it is refused', async () => {
    const fits = 'x'.repeat(TELEGRAM_CALLBACK_ANSWER_LIMIT);
    expect(await refusal(api.answerCallbackQuery('c1', { text: fits }))).toBeNull();
    const error = await refusal(api.answerCallbackQuery('c2', { text: `${fits}x` }));
    expect(error?.error_code).toBe(400);
    expect(error?.description).toBe('Bad Request: MESSAGE_TOO_LONG');
  });

  it('When a chat gets a second message within a second, or a group its 21st in a minute, then it is a 429 with retry_after', async () => {
    expect(await refusal(api.sendMessage(6, 'First'))).toBeNull();
    const again = await refusal(api.sendMessage(6, 'Second'));
    expect(again?.error_code).toBe(429);
    expect(again?.parameters.retry_after).toBe(1);
    // Another chat is not held up by the first one's limit.
    expect(await refusal(api.sendMessage(7, 'Elsewhere'))).toBeNull();

    // With the per-chat limit as well, twenty messages to one group would take twenty seconds: a fake with the
    // group limit alone checks the count.
    const groups = await startFakeBotApi({ groupPerMinute: TELEGRAM_CHAT_LIMITS.groupPerMinute });
    try {
      const groupApi = new Api(TEST_BOT_TOKEN, { apiRoot: groups.apiRoot });
      for (let index = 0; index < 20; index += 1) {
        expect(await refusal(groupApi.sendMessage(-100500, `Message ${index}`))).toBeNull();
      }
      const twentyFirst = await refusal(groupApi.sendMessage(-100500, 'One too many'));
      expect(twentyFirst?.error_code).toBe(429);
      expect(twentyFirst?.parameters.retry_after).toBeGreaterThan(50);
    } finally {
      await groups.stop();
    }
  });
});
