// A delivery worker in a process of its own, for the crash tests: it opens the given PostgreSQL database and
// runs the real outbox worker (fan-out and delivery) with the real email channel, until it is killed.
// `node --import tsx tests/notifications/worker-process.ts '<json options>'`; prints "ready" once running.
import type { Prisma } from '../../api/src/db/database';
import { loadConfig } from '../../api/src/config';
import { openDatabase } from '../../api/src/db/database';
import type { AppDeps } from '../../api/src/deps';
import { createSecretBox } from '../../api/src/lib/secrets';
import { createLogger } from '../../api/src/logger';
import { getSmtpForDelivery } from '../../api/src/modules/admin/smtp-settings-service';
import { createEmailSender } from '../../api/src/modules/notifications/email-sender';
import { createFanOut } from '../../api/src/modules/notifications/fan-out';
import { createOutboxWorker, type WorkerOptions } from '../../api/src/modules/notifications/outbox-worker';
import { silentTriggers } from '../support/triggers';
import { TEST_SECRETS_KEY } from '../support/test-app';

export interface WorkerProcessOptions {
  databaseUrl: string;
  worker: Partial<WorkerOptions>;
  /**
   * Makes each fan-out batch this much slower (a slow database), so that a test can catch the job half
   * expanded. The delay sits inside the batch's transaction, before its rows are inserted.
   */
  slowFanOutMs?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as WorkerProcessOptions;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SECRETS_KEY: TEST_SECRETS_KEY,
  DEMO_MODE: 'off',
  DATABASE_URL: options.databaseUrl,
});
const logger = createLogger(config.logLevel);
const database = await openDatabase(config.database, 5);
const deps: AppDeps = {
  config,
  prisma: database.prisma,
  logger,
  secrets: createSecretBox(TEST_SECRETS_KEY),
  notifications: silentTriggers,
  now: () => new Date(),
};
const delay = options.slowFanOutMs ?? 0;
const fanOutPrisma = delay
  ? (database.prisma.$extends({
      query: {
        outboxMessage: {
          async createMany({ args, query }) {
            await new Promise((resolve) => setTimeout(resolve, delay));
            return query(args);
          },
        },
      },
    }) as unknown as Prisma)
  : database.prisma;

const email = createEmailSender(() => getSmtpForDelivery(deps), logger);
const worker = createOutboxWorker(
  {
    prisma: database.prisma,
    logger,
    now: deps.now,
    fanOut: createFanOut({ prisma: fanOutPrisma, config, logger }),
    senders: { email: email.send },
    beforeTick: async () => email.refresh(),
  },
  options.worker,
);
worker.start();
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => email.close())
    .then(() => database.close())
    .then(() => process.exit(0));
});
