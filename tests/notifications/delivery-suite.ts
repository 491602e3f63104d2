// What the suites of notifications through every channel share: one bot test app (the real grammY bot on the
// fake Bot API) and one real SMTP server per database, started once; before each test the app forgets its
// members, events, messages and the tables a suite names, the clock is set, and a fresh admin has saved the
// SMTP settings. Members made with `email(name)` get an address no earlier test used.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { DatabaseKind } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

/** Tables that outlive `app.reset()` and that a suite wants empty before each test. */
type Kept = 'organisationSettings' | 'guardianship' | 'notificationTemplate';

export interface DeliverySuite {
  readonly app: BotTestApp;
  readonly smtp: TestSmtpServer;
  /** An admin made before each test, with the SMTP settings saved. */
  readonly admin: { user: User; client: TestClient };
  /** An email address unique to this test. */
  email(name: string): string;
  /** A Telegram chat id unique to this test, `prefix` telling the suite's members apart. */
  telegramId(prefix: number): string;
  /** Expands every waiting notification job into messages and sends them all. */
  deliver(): Promise<void>;
  /** Expands the jobs only: the messages wait in the outbox. */
  expandAll(): Promise<void>;
  mailsTo(user: User): TestSmtpServer['messages'];
  /** The Telegram messages sent to `chat` (a member or a chat id). */
  telegramTo(chat: User | string): ReturnType<BotTestApp['botApi']['callsOf']>;
}

export function deliverySuite(kind: DatabaseKind, options: { clear?: Kept[]; now?: () => Date } = {}): DeliverySuite {
  let app: BotTestApp;
  let smtp: TestSmtpServer;
  let admin: { user: User; client: TestClient };
  let stamp = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startBotTestApp(kind);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    await app.reset();
    const { prisma } = app.deps;
    for (const table of options.clear ?? []) {
      // Each model's deleteMany, chosen by name: the three share the call's shape.
      await (prisma[table] as unknown as { deleteMany(): Promise<unknown> }).deleteMany();
    }
    smtp.messages.length = 0;
    app.botApi.calls.length = 0;
    app.setNow(options.now?.() ?? new Date());
    admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    stamp += 1;
  });

  const expandAll = async () => {
    while (await app.outbox.expandNext(app.deps.now(), 500));
  };

  return {
    get app() {
      return app;
    },
    get smtp() {
      return smtp;
    },
    get admin() {
      return admin;
    },
    email: (name) => `${name}-${stamp}-${kind}@example.org`,
    telegramId: (prefix) => `${prefix}${stamp}01`,
    expandAll,
    async deliver() {
      await expandAll();
      await app.worker({ concurrency: 1 }).drain();
    },
    mailsTo: (user) => smtp.messages.filter((mail) => mail.envelopeTo.includes(user.googleEmail!)),
    telegramTo: (chat) => {
      const id = typeof chat === 'string' ? chat : chat.telegramId;
      return app.botApi.callsOf('sendMessage').filter((call) => String(call.params.chat_id) === id);
    },
  };
}
