// A local stand-in for Telegram's Bot API (grammY's `client.apiRoot` points here): it records every call,
// answers like Telegram (404 for a method Telegram does not have, 400 for what Telegram refuses), can fail chosen
// calls, and can enforce Telegram's rate limits (overall, per chat, per group) with 429s. Nothing leaves the machine.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  method: string;
  params: Record<string, any>;
  at: number;
  /** What the fake answered (e.g. the sent message with its message_id). */
  result?: any;
  /**
   * The path prefix of the apiRoot the caller was given (`${apiRoot}/${via}`): several processes given one
   * prefix each tell the test which of them called.
   */
  via?: string;
}

export interface FakeBotApiOptions {
  /**
   * Messages sent or edited (edits count, as Telegram counts them) per rolling second; beyond it 429 with
   * retry_after (Telegram's behaviour).
   */
  sendLimitPerSecond?: number;
  retryAfterSeconds?: number;
  /**
   * Messages sent or edited per rolling second in one chat (Telegram allows about one); beyond it 429 with the
   * seconds until the chat may take the next one. Off unless given: most tests send faster than Telegram allows.
   */
  perChatPerSecond?: number;
  /** Messages sent or edited per rolling minute in one group (a negative chat id; Telegram allows about 20). */
  groupPerMinute?: number;
}

/** Telegram's limits per chat, for `startFakeBotApi({ ...TELEGRAM_CHAT_LIMITS })`. */
export const TELEGRAM_CHAT_LIMITS = { perChatPerSecond: 1, groupPerMinute: 20 } as const;

export const FAKE_BOT_INFO = {
  id: 7000001,
  is_bot: true as const,
  first_name: 'Community Events',
  username: 'community_events_test_bot',
  can_join_groups: false,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** The longest message text Telegram accepts. */
export const TELEGRAM_TEXT_LIMIT = 4096;
/** The most bytes (UTF-8) of callback data one inline button may carry. */
export const TELEGRAM_CALLBACK_DATA_BYTES = 64;
/** The longest text of an answer to a button press (the toast or alert). */
export const TELEGRAM_CALLBACK_ANSWER_LIMIT = 200;

/**
 * The methods the product and grammY call, by the name Telegram documents. Telegram matches method names
 * without regard to case and answers anything else 404, so a misspelt method fails here as it would there.
 */
export const KNOWN_METHODS = [
  'getMe',
  'getUpdates',
  'setWebhook',
  'deleteWebhook',
  'setMyCommands',
  'setChatMenuButton',
  'sendMessage',
  'editMessageText',
  'editMessageReplyMarkup',
  'answerCallbackQuery',
  'answerInlineQuery',
  'savePreparedInlineMessage',
] as const;
const METHOD_BY_LOWER_CASE = new Map<string, string>(KNOWN_METHODS.map((name) => [name.toLowerCase(), name]));

export interface FakeBotApi {
  /** For TELEGRAM_API_ROOT. */
  apiRoot: string;
  calls: BotApiCall[];
  /** Calls refused with 429. */
  throttled: BotApiCall[];
  callsOf(method: string): BotApiCall[];
  /**
   * The next call of `method` fails with this Telegram error; with `target`, only the next one for that chat id
   * or inline message id (edits run side by side, so "the next call" alone may be any card's).
   */
  failNext(method: string, error: { error_code: number; description: string }, target?: string | number): void;
  setSendLimit(perSecond: number | undefined): void;
  /**
   * Hands this update to getUpdates (long polling: a waiting call is answered at once). Like Telegram, a
   * getUpdates that arrives while another is waiting ends that one with 409 Conflict.
   */
  queueUpdate(update: { update_id: number }): void;
  /** getUpdates calls ended with 409 Conflict because another poller came along. */
  conflicts: BotApiCall[];
  waitForCalls(method: string, count: number, timeoutMs?: number): Promise<BotApiCall[]>;
  /** Messages posted through inline mode, by inline message id, as they read now (after edits). */
  inlineMessages: Map<string, InlineMessage>;
  /**
   * `from` picks the result `resultId` of the bot's last answer to an inline query (or a prepared message, by
   * its id): the card is posted into a chat and the chosen_inline_result update Telegram sends is returned.
   */
  postInlineResult(from: TelegramPerson, resultId: string): { inlineMessageId: string; update: object };
  postPreparedMessage(from: TelegramPerson, preparedId: string): { inlineMessageId: string; update: object };
  stop(): Promise<void>;
}

/** A message posted through inline mode: what its chat shows now. */
export interface InlineMessage {
  text: string;
  reply_markup?: { inline_keyboard: Array<Array<Record<string, any>>> };
  link_preview_options?: Record<string, any>;
  edits: number;
}

/**
 * What Telegram counts against a bot's 30 a second: every message sent, forwarded or copied, every edit, and
 * every answer (to a button, an inline query).
 */
export const COUNTED_BY_TELEGRAM = /^(send|edit|copy|forward|answer)/;

/** The most calls in any one-second window (a rolling second, as Telegram counts). */
export function busiestSecond(calls: Array<Pick<BotApiCall, 'at'>>): number {
  const times = calls.map((call) => call.at).sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end += 1) {
    while (times[end]! - times[start]! >= 1000) start += 1;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** Calls that send or edit a message: Telegram's limits count them all. */
const COUNTED = new Set(['sendMessage', 'editMessageText', 'editMessageReplyMarkup']);

/** A parameter grammY sends as an object in JSON, or as a JSON string in a form. */
function parsed(value: unknown): any {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** Every inline keyboard a call carries: its own markup, and that of inline results it answers or prepares. */
function inlineKeyboards(method: string, params: Record<string, any>): Array<Array<Array<Record<string, any>>>> {
  const markups = [parsed(params.reply_markup)];
  if (method === 'answerInlineQuery') {
    const results = parsed(params.results);
    if (Array.isArray(results)) markups.push(...results.map((result) => parsed(result?.reply_markup)));
  }
  if (method === 'savePreparedInlineMessage') markups.push(parsed(parsed(params.result)?.reply_markup));
  return markups.flatMap((markup) => (Array.isArray(markup?.inline_keyboard) ? [markup.inline_keyboard] : []));
}

/** Telegram refuses the whole call when any button's callback data is empty or over 64 bytes of UTF-8. */
function hasInvalidCallbackData(method: string, params: Record<string, any>): boolean {
  return inlineKeyboards(method, params).some((rows) =>
    rows.some(
      (row) =>
        Array.isArray(row) &&
        row.some((button) => {
          if (button?.callback_data === undefined) return false;
          const bytes = Buffer.byteLength(String(button.callback_data), 'utf8');
          return bytes < 1 || bytes > TELEGRAM_CALLBACK_DATA_BYTES;
        }),
    ),
  );
}

/** Sends within the last `windowMs` per key; `take` books one unless `limit` are already there. */
function rollingWindow(windowMs: number) {
  const sends = new Map<string, number[]>();
  return {
    /** 0 when the send is booked; otherwise the milliseconds until the oldest send leaves the window. */
    take(key: string, limit: number, at: number): number {
      const recent = (sends.get(key) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        sends.set(key, recent);
        return recent[recent.length - limit]! + windowMs - at;
      }
      recent.push(at);
      sends.set(key, recent);
      return 0;
    },
  };
}

/** A chat as Telegram describes it in a message: group and channel ids are negative. */
function chatOf(chatId: unknown) {
  const id = Number(chatId);
  if (id >= 0) return { id, type: 'private' as const };
  return String(chatId).startsWith('-100')
    ? { id, type: 'supergroup' as const, title: 'Test supergroup' }
    : { id, type: 'group' as const, title: 'Test group' };
}

async function readBody(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(text);
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  return { _raw: text };
}

/** Half an emoji (a lone UTF-16 surrogate) is not UTF-8, and Telegram refuses the whole call. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasBrokenText(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasBrokenText);
  if (value && typeof value === 'object') return Object.values(value).some(hasBrokenText);
  return false;
}

/** What Telegram answers (400) to a call whose buttons or texts it refuses; null when it takes the call. */
function refusalOf(method: string, params: Record<string, any>): string | null {
  if (hasInvalidCallbackData(method, params)) return 'Bad Request: BUTTON_DATA_INVALID';
  if (
    method === 'answerCallbackQuery' &&
    typeof params.text === 'string' &&
    params.text.length > TELEGRAM_CALLBACK_ANSWER_LIMIT
  ) {
    return 'Bad Request: MESSAGE_TOO_LONG';
  }
  return null;
}

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const calls: BotApiCall[] = [];
  const throttled: BotApiCall[] = [];
  const failures: Array<{ method: string; target?: string; error: { error_code: number; description: string } }> = [];
  let sendLimit = options.sendLimitPerSecond;
  const retryAfter = options.retryAfterSeconds ?? 1;
  const recentSends: number[] = [];
  const perChat = rollingWindow(1000);
  const perGroup = rollingWindow(60_000);
  let messageId = 100;
  const pendingUpdates: Array<{ update_id: number }> = [];
  /** The getUpdates call waiting for updates, if any: told when one is queued, or ended by a newer poller. */
  let waitingPoll: { wake: () => void; conflict: () => void } | null = null;
  const conflicts: BotApiCall[] = [];
  const inlineMessages = new Map<string, InlineMessage>();
  const prepared = new Map<string, Record<string, any>>();
  let inlineCounter = 0;

  /** Telegram's answer to an edit of an inline message: an unknown id, or nothing changed, is refused. */
  function inlineEditRefusal(method: string, params: Record<string, any>): string | null {
    if (!method.startsWith('editMessage') || !params.inline_message_id) return null;
    const current = inlineMessages.get(String(params.inline_message_id));
    if (!current) return 'Bad Request: MESSAGE_ID_INVALID';
    const text = method === 'editMessageReplyMarkup' ? current.text : String(params.text ?? '');
    const same =
      text === current.text &&
      JSON.stringify(params.reply_markup ?? null) === JSON.stringify(current.reply_markup ?? null);
    return same
      ? 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same'
      : null;
  }

  function post(from: TelegramPerson, result: Record<string, any>, query: string) {
    inlineCounter += 1;
    const inlineMessageId = `AgAAA${inlineCounter.toString(36).padStart(6, '0')}Fake`;
    const content = result.input_message_content ?? {};
    inlineMessages.set(inlineMessageId, {
      text: content.message_text ?? result.caption ?? '',
      reply_markup: result.reply_markup,
      link_preview_options: content.link_preview_options,
      edits: 0,
    });
    const update = {
      update_id: updateId++,
      chosen_inline_result: {
        result_id: result.id,
        from: { ...from, is_bot: false },
        query,
        inline_message_id: result.reply_markup ? inlineMessageId : undefined,
      },
    };
    return { inlineMessageId, update };
  }

  function respond(method: string, params: Record<string, any>): unknown {
    const now = Math.floor(Date.now() / 1000);
    switch (method) {
      case 'getMe':
        return FAKE_BOT_INFO;
      case 'sendMessage':
        messageId += 1;
        return {
          message_id: messageId,
          date: now,
          chat: chatOf(params.chat_id),
          from: FAKE_BOT_INFO,
          text: params.text,
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        };
      case 'editMessageText':
      case 'editMessageReplyMarkup':
        if (params.inline_message_id) {
          // Telegram answers True for an inline message; the fake keeps what the chat now shows.
          const message = inlineMessages.get(String(params.inline_message_id))!;
          if (method === 'editMessageText') {
            message.text = params.text;
            message.link_preview_options = params.link_preview_options;
          }
          message.reply_markup = params.reply_markup;
          message.edits += 1;
          return true;
        }
        return {
          message_id: Number(params.message_id),
          date: now,
          chat: chatOf(params.chat_id),
          from: FAKE_BOT_INFO,
          text: params.text,
          ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
        };
      case 'savePreparedInlineMessage': {
        const id = `prep${prepared.size + 1}`;
        prepared.set(id, typeof params.result === 'string' ? JSON.parse(params.result) : params.result);
        return { id, expiration_date: now + 86_400 };
      }
      case 'getUpdates': {
        // Telegram forgets updates below the offset the client confirms.
        const offset = Number(params.offset ?? 0);
        while (pendingUpdates.length && pendingUpdates[0]!.update_id < offset) pendingUpdates.shift();
        return [...pendingUpdates];
      }
      case 'setWebhook':
      case 'deleteWebhook':
      case 'setMyCommands':
      case 'setChatMenuButton':
      case 'answerCallbackQuery':
      case 'answerInlineQuery':
        return true;
      default:
        throw new Error(`the fake Bot API knows ${method} but has no answer for it`);
    }
  }

  /**
   * Holds a getUpdates call until an update at or after its offset is queued, its timeout (seconds) runs out,
   * the caller hangs up, or a newer getUpdates ends it (Telegram's 409: two pollers of one bot).
   */
  function longPoll(call: BotApiCall, req: IncomingMessage): Promise<'ready' | 'conflict' | 'gone'> {
    waitingPoll?.conflict();
    waitingPoll = null;
    const offset = Number(call.params.offset ?? 0);
    if (pendingUpdates.some((update) => update.update_id >= offset)) return Promise.resolve('ready');
    const timeoutMs = Math.min(Number(call.params.timeout ?? 0), 50) * 1000;
    return new Promise((resolve) => {
      const me = {
        wake: () => finish('ready'),
        conflict: () => finish('conflict'),
      };
      const timer = setTimeout(() => finish('ready'), timeoutMs);
      const hangUp = () => finish('gone');
      req.socket.once('close', hangUp);
      function finish(outcome: 'ready' | 'conflict' | 'gone') {
        clearTimeout(timer);
        req.socket.off('close', hangUp);
        if (waitingPoll === me) waitingPoll = null;
        resolve(outcome);
      }
      waitingPoll = me;
    });
  }

  const server: Server = createServer(async (req, res) => {
    const match = /^(?:\/([\w-]+))?\/bot([^/]+)\/(\w+)$/.exec(req.url?.split('?')[0] ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (!match) return send(404, { ok: false, error_code: 404, description: 'Not Found' });
    let params: Record<string, any>;
    try {
      params = await readBody(req);
    } catch {
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    const via = match[1];
    const method = METHOD_BY_LOWER_CASE.get(match[3]!.toLowerCase());
    if (!method) {
      calls.push({ method: match[3]!, params, at: Date.now(), via });
      return send(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
    const call: BotApiCall = { method, params, at: Date.now(), ...(via ? { via } : {}) };
    const tooMany = (seconds: number) => {
      throttled.push(call);
      return send(429, {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${seconds}`,
        parameters: { retry_after: seconds },
      });
    };
    if (COUNTED.has(method) && sendLimit) {
      while (recentSends.length && recentSends[0]! <= call.at - 1000) recentSends.shift();
      if (recentSends.length >= sendLimit) return tooMany(retryAfter);
      recentSends.push(call.at);
    }
    // An inline message has no chat the bot knows of; Telegram's per-chat limits apply where a chat id is given.
    const chatId = params.chat_id === undefined ? null : String(params.chat_id);
    if (COUNTED.has(method) && chatId !== null) {
      const chatWait = options.perChatPerSecond ? perChat.take(chatId, options.perChatPerSecond, call.at) : 0;
      if (chatWait) return tooMany(Math.ceil(chatWait / 1000));
      const groupWait =
        options.groupPerMinute && Number(chatId) < 0 ? perGroup.take(chatId, options.groupPerMinute, call.at) : 0;
      if (groupWait) return tooMany(Math.ceil(groupWait / 1000));
    }
    const refusal = refusalOf(method, params);
    if (refusal) {
      calls.push(call);
      return send(400, { ok: false, error_code: 400, description: refusal });
    }
    if (hasBrokenText(params)) {
      calls.push(call);
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: strings must be encoded in UTF-8' });
    }
    // Mini App buttons are for private chats only (group and channel ids are negative).
    if (Number(params.chat_id) < 0 && JSON.stringify(params.reply_markup ?? {}).includes('"web_app"')) {
      calls.push(call);
      return send(400, { ok: false, error_code: 400, description: 'Bad Request: BUTTON_TYPE_INVALID' });
    }
    // Telegram's own checks on message text (1-4096 characters after entity parsing).
    if ((method === 'sendMessage' || method === 'editMessageText') && typeof params.text === 'string') {
      const description = !params.text.trim()
        ? 'Bad Request: message text is empty'
        : params.text.length > TELEGRAM_TEXT_LIMIT
          ? method === 'sendMessage'
            ? 'Bad Request: message is too long'
            : 'Bad Request: MESSAGE_TOO_LONG'
          : null;
      if (description) {
        calls.push(call);
        return send(400, { ok: false, error_code: 400, description });
      }
    }
    const refusedEdit = inlineEditRefusal(method, params);
    if (refusedEdit) {
      calls.push(call);
      return send(400, { ok: false, error_code: 400, description: refusedEdit });
    }
    const failureIndex = failures.findIndex(
      (failure) =>
        failure.method === method &&
        (!failure.target || failure.target === String(params.chat_id ?? params.inline_message_id)),
    );
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      calls.push(call);
      return send(failure!.error.error_code, { ok: false, ...failure!.error });
    }
    calls.push(call);
    if (method === 'getUpdates') {
      const outcome = await longPoll(call, req);
      if (outcome === 'gone') return;
      if (outcome === 'conflict') {
        conflicts.push(call);
        return send(409, {
          ok: false,
          error_code: 409,
          description:
            'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        });
      }
    }
    let result: BotApiCall['result'];
    try {
      result = respond(method, params);
    } catch (error) {
      return send(500, { ok: false, error_code: 500, description: `Internal Server Error: ${String(error)}` });
    }
    call.result = result;
    send(200, { ok: true, result });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    throttled,
    callsOf: (method) => calls.filter((call) => call.method === method),
    failNext(method, error, target) {
      failures.push({ method, error, target: target === undefined ? undefined : String(target) });
    },
    setSendLimit(perSecond) {
      sendLimit = perSecond;
    },
    queueUpdate(update) {
      pendingUpdates.push(update);
      waitingPoll?.wake();
    },
    conflicts,
    async waitForCalls(method, count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = calls.filter((call) => call.method === method);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`Bot API got ${found.length} of ${count} ${method} calls`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    inlineMessages,
    postInlineResult(from, resultId) {
      const answer = calls.filter((call) => call.method === 'answerInlineQuery').at(-1);
      const results: Array<Record<string, any>> =
        typeof answer?.params.results === 'string' ? JSON.parse(answer.params.results) : (answer?.params.results ?? []);
      const result = results.find((item) => item.id === resultId);
      if (!result) throw new Error(`the last inline answer has no result ${resultId}`);
      return post(from, result, '');
    },
    postPreparedMessage(from, preparedId) {
      const result = prepared.get(preparedId);
      if (!result) throw new Error(`no prepared message ${preparedId}`);
      return post(from, result, '');
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---- inline mode ----------------------------------------------------------------------------------------

/** Someone typed `@bot <query>` in a chat (a group unless `chatType` says otherwise). */
export function inlineQueryUpdate(
  from: TelegramPerson,
  query: string,
  chatType: 'sender' | 'private' | 'group' | 'supergroup' | 'channel' = 'group',
) {
  return {
    update_id: updateId++,
    inline_query: {
      id: String(updateId * 11),
      from: { ...from, is_bot: false },
      query,
      offset: '',
      chat_type: chatType,
    },
  };
}

/** A press on a button of a message posted through inline mode: Telegram gives its inline id, no message. */
export function inlineCallbackUpdate(from: TelegramPerson, data: string, inlineMessageId: string) {
  return {
    update_id: updateId++,
    callback_query: {
      id: String(updateId * 13),
      from: { ...from, is_bot: false },
      chat_instance: `inline-${inlineMessageId}`,
      inline_message_id: inlineMessageId,
      data,
    },
  };
}

// ---- updates as Telegram would send them ---------------------------------------------------------------

export interface TelegramPerson {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  /** The language of their Telegram app, as Telegram puts it on every update. */
  language_code?: string;
}

let updateId = 1;

/** A group chat, for updates that do not come from the person's private chat with the bot. */
export interface TelegramGroup {
  id: number;
  type: 'group' | 'supergroup';
  title: string;
}

const privateChat = (from: TelegramPerson) => ({ id: from.id, type: 'private' as const, first_name: from.first_name });

export function commandUpdate(from: TelegramPerson, text: string, chat?: TelegramGroup) {
  const entityLength = text.split(' ')[0]!.length;
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: chat ?? privateChat(from),
      from: { ...from, is_bot: false },
      text,
      entities: text.startsWith('/') ? [{ type: 'bot_command' as const, offset: 0, length: entityLength }] : [],
    },
  };
}

/** A press on an inline button under `message` (a message the bot sent, as recorded by the fake API). */
export function callbackUpdate(
  from: TelegramPerson,
  data: string,
  message: { message_id: number; text: string },
  chat?: TelegramGroup,
) {
  return {
    update_id: updateId++,
    callback_query: {
      id: String(updateId * 7),
      from: { ...from, is_bot: false },
      chat_instance: String(from.id),
      data,
      message: {
        message_id: message.message_id,
        date: Math.floor(Date.now() / 1000),
        chat: chat ?? privateChat(from),
        from: FAKE_BOT_INFO,
        text: message.text,
      },
    },
  };
}

/**
 * The bot's membership of the person's private chat changed: 'kicked' when they block the bot, 'member' when
 * they unblock it (or start it), as Telegram reports in a my_chat_member update.
 */
export function myChatMemberUpdate(from: TelegramPerson, status: 'kicked' | 'member') {
  const date = Math.floor(Date.now() / 1000);
  const bot = { ...FAKE_BOT_INFO };
  return {
    update_id: updateId++,
    my_chat_member: {
      chat: privateChat(from),
      from: { ...from, is_bot: false },
      date,
      old_chat_member:
        status === 'kicked'
          ? { status: 'member' as const, user: bot }
          : { status: 'kicked' as const, user: bot, until_date: 0 },
      new_chat_member:
        status === 'kicked'
          ? { status: 'kicked' as const, user: bot, until_date: 0 }
          : { status: 'member' as const, user: bot },
    },
  };
}

/**
 * The service message Telegram sends when the person allows the bot to write: from the Mini App
 * (write_access_allowed) or by signing in with the Login Widget on our website (connected_website).
 */
export function writeAccessAllowedUpdate(from: TelegramPerson, via: 'mini_app' | 'login_widget' = 'mini_app') {
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(from),
      from: { ...from, is_bot: false },
      ...(via === 'mini_app'
        ? { write_access_allowed: { from_request: true } }
        : { connected_website: 'events.example.org' }),
    },
  };
}
