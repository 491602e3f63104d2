// Starts the real app on port 0 against a fresh database, the way production starts it.
import type { User } from '@prisma/client';
import type { UserFromGetMe } from 'grammy/types';
import { loadConfig, type AppConfig } from '../../api/src/config';
import type { AppDeps } from '../../api/src/deps';
import { createLogger } from '../../api/src/logger';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import type { NotificationTriggers } from '../../api/src/modules/notifications/triggers';
import type { RunningServer } from '../../api/src/server';
import { createSystem, type System } from '../../api/src/system/create-system';
import { createTestDatabase, type DatabaseKind } from './databases';
import { FAKE_BOT_INFO, type FakeBotApi } from './fake-bot-api';
import { TestClient } from './http-client';

export const TEST_SECRETS_KEY = 'a'.repeat(64);
export const TEST_BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
/** A configured bot whose process is not started: what the API's Telegram sign-in and login codes need. */
export const TEST_BOT_ENV = {
  TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
  TELEGRAM_BOT_USERNAME: 'events_test_bot',
  TELEGRAM_BOT_ENABLED: 'false',
} as const;

/** The options of an app whose real bot (webhook off, updates fed by the test) talks to this fake Bot API. */
export function withFakeBot(botApi: Pick<FakeBotApi, 'apiRoot'>): Pick<TestAppOptions, 'env' | 'botInfo'> {
  return {
    env: {
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: FAKE_BOT_INFO.username,
      TELEGRAM_API_ROOT: botApi.apiRoot,
      TELEGRAM_BOT_ENABLED: 'true',
    },
    botInfo: FAKE_BOT_INFO,
  };
}

export interface TestAppOptions {
  /** A logger of the test's own, to read what the app logs. */
  logger?: AppDeps['logger'];
  env?: Record<string, string>;
  /** Stands in for the outbox triggers, to record what the use cases announce. */
  notifications?: NotificationTriggers;
  now?: () => Date;
  /** Rewrites the PostgreSQL URL the app connects to (to go through a TcpProxy that can cut it). */
  routeDatabase?: (url: string) => string;
  /**
   * The least-privilege setup on PostgreSQL: the app connects as this login role (DATABASE_URL), and the test
   * database's own user, its owner, migrates and grants (DATABASE_OWNER_URL).
   */
  appRole?: string;
  /** The bot's identity with a fake Bot API (no getMe). */
  botInfo?: UserFromGetMe;
  /** Telegram sends per second (tests go faster than Telegram allows). */
  telegramPerSecond?: number;
  /** The app takes the bot's updates itself (polling without PUBLIC_URL), as production does; off by default. */
  startBot?: boolean;
}

export interface TestApp {
  url: string;
  /** The metrics listener's address (METRICS_PORT given, '0' for any free port), or null: none was opened. */
  metricsUrl: string | null;
  deps: AppDeps;
  config: AppConfig;
  server: RunningServer;
  /** Everything the composition root built: the bot, the worker, the outbox triggers. */
  system: System;
  /** A client with no session: an anonymous visitor. */
  anonymous(): TestClient;
  /** Creates a user and a client signed in as them (a real session cookie). */
  signedIn(data?: Partial<User>): Promise<{ user: User; client: TestClient }>;
  clientFor(user: User): Promise<TestClient>;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  stop(): Promise<void>;
}

let userCounter = 0;

/** The same database URL with another user (a role that logs in without a password on the test server). */
function asRole(url: string, role: string): string {
  const parsed = new URL(url);
  parsed.username = role;
  parsed.password = '';
  return parsed.toString();
}

export async function startTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind, { migrated: true });
  const target =
    database.target.kind === 'postgres' && options.routeDatabase
      ? { kind: 'postgres' as const, url: options.routeDatabase(database.target.url) }
      : database.target.kind === 'postgres' && options.appRole
        ? {
            kind: 'postgres' as const,
            url: asRole(database.target.url, options.appRole),
            ownerUrl: database.target.url,
          }
        : database.target;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DEMO_MODE: 'off',
    DATABASE_POOL_SIZE: '5',
    // Delivery is the notification tests' to start, with workers of their own.
    NOTIFICATIONS_WORKER_ENABLED: 'false',
    // No nightly backup of a test's database into the working tree's data/backups; backup tests run it themselves.
    BACKUP_ENABLED: 'false',
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    RATE_LIMIT_COMMENTS_PER_MINUTE: '10000',
    RATE_LIMIT_PREVIEW_PER_MINUTE: '10000',
    // A failed SMTP test waits out this timeout on purpose (every failure looks alike); tests need not wait 5 s.
    SMTP_TEST_TIMEOUT_MS: '1000',
    // New sign-ins are members at once, as before approval existed; membership tests choose their own mode.
    MEMBERSHIP_MODE: 'open',
    // Members act without a birth date, as before ages existed; the minors tests turn it on.
    REQUIRE_BIRTH_DATE: 'false',
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
    ...(target.kind === 'postgres' && target.ownerUrl ? { DATABASE_OWNER_URL: target.ownerUrl } : {}),
    ...options.env,
  });
  const logger = options.logger ?? createLogger(config.logLevel);
  let clock: (() => Date) | null = null;
  // The same composition root as production; the worker and the bot's updates are the tests' to start.
  const system = await createSystem(config, {
    logger,
    database: target,
    now: () => (clock ? clock() : options.now ? options.now() : new Date()),
    notifications: options.notifications,
    botInfo: options.botInfo,
    telegramPerSecond: options.telegramPerSecond,
    startBot: options.startBot ?? false,
  });
  const { deps } = system;
  const server = await system.start({ host: '127.0.0.1', port: 0 });
  // The tests' fetch closes an idle connection after 4 s; were the server (5 s) to close it first, a request sent
  // at that moment on a busy machine would fail with ECONNRESET. stop() still closes idle connections at once.
  server.server.keepAliveTimeout = 60_000;

  async function clientFor(user: User): Promise<TestClient> {
    const client = new TestClient(server.url);
    client.cookies.set(SESSION_COOKIE, await createSession(deps, user.id));
    return client;
  }

  return {
    url: server.url,
    metricsUrl: system.metricsServer()?.url ?? null,
    deps,
    config,
    server,
    system,
    anonymous: () => new TestClient(server.url),
    async signedIn(data = {}) {
      userCounter += 1;
      const user = await deps.prisma.user.create({ data: { name: `Member ${userCounter}`, ...data } });
      return { user, client: await clientFor(user) };
    },
    clientFor,
    setNow(date) {
      clock = () => date;
    },
    async stop() {
      await system.stop();
      await database.drop();
    },
  };
}
