// The API process's configuration: every environment variable, read and validated once (fail fast).
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CONSENT_AGE, MEMBERSHIP_MODES, ORGANISATION_LANGUAGES } from '../../shared/constants';
import { isTimeZone } from '../../shared/time-zones';
import { feesEnv, stripeEnv, stripeProblems, stripeSettings } from './config/payments';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() ? value.trim() : undefined));
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_HELP =
  'Set it to the number of proxies in front of the app (e.g. 1), or a comma-separated list of their ' +
  'addresses or CIDR ranges (e.g. 10.0.0.5, 10.0.0.0/8) or loopback, linklocal, uniquelocal; empty or 0 is off';

function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which X-Forwarded-For hops to believe: a hop count, or the proxies' addresses. `true` would believe every
 * hop, so any client could name its own address (and escape the per-address sign-in limit): refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false') return false;
    if (/^\d+$/.test(text)) return Number(text) || false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message: `true is refused: it believes every X-Forwarded-For entry, so any client could choose its own address. ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    const items = text.split(',').map((item) => item.trim());
    const wrong = items.filter((item) => !isProxyAddress(item));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `not a proxy address, CIDR range or name: ${wrong.join(', ')}. ${TRUST_PROXY_HELP}`,
      });
      return z.NEVER;
    }
    return items;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics (GET /metrics) on a listener of their own at this port; empty: no metrics at all. */
  METRICS_PORT: optionalText.pipe(
    z.coerce
      .number<
        string | undefined
      >({ error: 'METRICS_PORT must be a port number from 0 to 65535, or empty for no metrics' })
      .int('METRICS_PORT must be a port number from 0 to 65535, or empty for no metrics')
      .min(0, 'METRICS_PORT must be a port number from 0 to 65535, or empty for no metrics')
      .max(65535, 'METRICS_PORT must be a port number from 0 to 65535, or empty for no metrics')
      .optional(),
  ),
  /** The address the metrics listener binds to; empty: 127.0.0.1 (only this machine may scrape). */
  METRICS_HOST: optionalText,

  DATABASE_URL: optionalText,
  /**
   * The database owner's connection (PostgreSQL only): migrations run with it, and the role of DATABASE_URL is
   * then granted only what the app needs (the least-privilege setup, docs/operations.md).
   */
  DATABASE_OWNER_URL: optionalText,
  PGLITE_DIR: z.string().default('./data/pglite'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),

  /** The nightly backup while the server runs (false: only `npm run backup` makes them). */
  BACKUP_ENABLED: bool(true),
  /** Where backups are kept; empty: a backups folder beside the PGlite folder (./data/backups by default). */
  BACKUP_DIR: optionalText,
  /** How many nights' backups are kept (the newest of each night); older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(366).default(7),
  /** How long after start the catch-up backup (none in the last day) waits, in seconds. */
  BACKUP_CATCH_UP_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** When the nightly backup runs, as HH:MM in UTC. */
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_TIME must be a time of day like 03:00 (UTC)')
    .default('03:00'),
  /** The folder of pg_dump and pg_restore (PostgreSQL only); empty: found on PATH. */
  BACKUP_PG_BIN_DIR: optionalText,
  /**
   * After SIGTERM: how long the server answers "not ready" while still serving, so a load balancer takes it out
   * before the listener closes. Empty: 5 seconds, 0 in tests.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(600).optional(),

  SECRETS_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'SECRETS_KEY must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),

  TELEGRAM_BOT_TOKEN: optionalText,
  TELEGRAM_BOT_USERNAME: optionalText,
  TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,256}$/, 'TELEGRAM_WEBHOOK_SECRET: 1-256 of A-Z a-z 0-9 _ -')
      .optional(),
  ),
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** Oldest accepted Login Widget data and initData: the Mini App exchanges initData for a session at open. */
  TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(3600),
  TELEGRAM_LOGIN_CODE_TTL_SECONDS: z.coerce.number().int().min(30).max(1800).default(300),
  TELEGRAM_BOT_ENABLED: bool(true),

  ADMIN_EMAILS: list,
  ADMIN_TELEGRAM_IDS: list,
  DEMO_MODE: z.enum(['auto', 'on', 'off']).default('auto'),

  /** The organisation's settings until an admin saves them in the app (Admin → Organisation). */
  MEMBERSHIP_MODE: z
    .enum(MEMBERSHIP_MODES, { error: 'MEMBERSHIP_MODE must be open, approval or invite' })
    .default('approval'),
  CONSENT_AGE: z.coerce
    .number()
    .int()
    .min(CONSENT_AGE.min, `CONSENT_AGE must be a whole number from ${CONSENT_AGE.min} to ${CONSENT_AGE.max}`)
    .max(CONSENT_AGE.max, `CONSENT_AGE must be a whole number from ${CONSENT_AGE.min} to ${CONSENT_AGE.max}`)
    .default(16),
  REQUIRE_BIRTH_DATE: bool(true),
  DEFAULT_LANGUAGE: z
    .enum(ORGANISATION_LANGUAGES, { error: `DEFAULT_LANGUAGE must be one of ${ORGANISATION_LANGUAGES.join(', ')}` })
    .default('en'),

  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_COMMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_PREVIEW_PER_MINUTE: z.coerce.number().int().min(1).default(60),

  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(730),
  /** Answers to sensitive registration questions are deleted this many days after their event ends. */
  SENSITIVE_ANSWERS_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Sent and failed outbox messages (copies of what was sent, with names and addresses) are kept this long. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** How long a guardian has to approve a minor's place on an event that needs it; then the spot is released. */
  GUARDIAN_APPROVAL_HOURS: z.coerce
    .number({ error: 'GUARDIAN_APPROVAL_HOURS must be a whole number of hours from 1 to 720' })
    .int('GUARDIAN_APPROVAL_HOURS must be a whole number of hours from 1 to 720')
    .min(1, 'GUARDIAN_APPROVAL_HOURS must be a whole number of hours from 1 to 720')
    .max(720, 'GUARDIAN_APPROVAL_HOURS must be a whole number of hours from 1 to 720')
    .default(72),
  /** How long after an event ends its leaders may still read the care cards of those who replied (trip sheet). */
  CARE_VISIBLE_DAYS: z.coerce
    .number({ error: 'CARE_VISIBLE_DAYS must be a whole number of days from 0 to 365' })
    .int('CARE_VISIBLE_DAYS must be a whole number of days from 0 to 365')
    .min(0, 'CARE_VISIBLE_DAYS must be a whole number of days from 0 to 365')
    .max(365, 'CARE_VISIBLE_DAYS must be a whole number of days from 0 to 365')
    .default(7),

  SMS_PROVIDER: z.enum(['log', 'http', 'twilio']).default('log'),
  SMS_HTTP_URL: optionalText.pipe(z.url().optional()),
  SMS_HTTP_TOKEN: optionalText,
  SMS_FROM: optionalText,
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_API_ROOT: z.url().default('https://api.twilio.com'),
  REMINDER_LEAD_HOURS: z.coerce.number().min(0).default(24),
  NOTIFICATIONS_WORKER_ENABLED: bool(true),
  /** The admin's test sends give up on an SMTP server that does not connect, greet or answer within this. */
  SMTP_TEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Dates in notifications are written in this IANA time zone (members have no time zone of their own). */
  NOTIFICATIONS_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine(isTimeZone, 'NOTIFICATIONS_TIME_ZONE must be an IANA time zone such as Europe/Berlin'),

  /** The organisation's name and colour in the web app, set at run time (no rebuild). */
  BRAND_NAME: z.string().trim().min(1).max(60).default('Community Events'),
  BRAND_COLOR: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'BRAND_COLOR must be a colour like #4f46e5')
    .default('#4f46e5'),

  ...feesEnv,
  ...stripeEnv,
});

export type AppConfig = ReturnType<typeof buildConfig>;

function buildConfig(env: z.infer<typeof envSchema>, source: Record<string, string | undefined> = {}) {
  const production = env.NODE_ENV === 'production';
  const providersConfigured = Boolean(env.GOOGLE_CLIENT_ID || env.TELEGRAM_BOT_TOKEN);
  const demoMode = env.DEMO_MODE === 'on' || (env.DEMO_MODE === 'auto' && !providersConfigured && !production);
  return {
    env: env.NODE_ENV,
    production,
    host: env.HOST,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    /** The Prometheus listener, or null: no metrics are kept. */
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? '127.0.0.1' },
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, ownerUrl: env.DATABASE_OWNER_URL } as const)
      : ({ kind: 'pglite', dataDir: env.PGLITE_DIR } as const),
    databasePoolSize: env.DATABASE_POOL_SIZE,
    shutdownDrainMs: (env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'test' ? 0 : 5)) * 1000,
    backups: {
      enabled: env.BACKUP_ENABLED,
      dir: env.BACKUP_DIR ?? path.join(path.dirname(env.PGLITE_DIR), 'backups'),
      keep: env.BACKUP_KEEP,
      catchUpDelayMs: env.BACKUP_CATCH_UP_DELAY_SECONDS * 1000,
      dailyAtUtc: { hour: Number(env.BACKUP_TIME.slice(0, 2)), minute: Number(env.BACKUP_TIME.slice(3)) },
      pgBinDir: env.BACKUP_PG_BIN_DIR,
      /** What pg_dump and pg_restore see of this process's environment: PATH, HOME and libpq's PG* settings. */
      toolEnv: Object.fromEntries(
        Object.entries(source).filter(([name]) => name === 'PATH' || name === 'HOME' || name.startsWith('PG')),
      ) as Record<string, string>,
    },
    secretsKey: env.SECRETS_KEY,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    google: { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL },
    telegram: {
      botToken: env.TELEGRAM_BOT_TOKEN,
      botUsername: env.TELEGRAM_BOT_USERNAME,
      webhookSecret: env.TELEGRAM_WEBHOOK_SECRET,
      apiRoot: env.TELEGRAM_API_ROOT,
      authMaxAgeSeconds: env.TELEGRAM_AUTH_MAX_AGE_SECONDS,
      loginCodeTtlSeconds: env.TELEGRAM_LOGIN_CODE_TTL_SECONDS,
      botEnabled: env.TELEGRAM_BOT_ENABLED,
    },
    adminEmails: env.ADMIN_EMAILS.map((email) => email.toLowerCase()),
    adminTelegramIds: env.ADMIN_TELEGRAM_IDS,
    demoMode,
    /** The organisation's settings until an admin saves their own (organisation_settings). */
    organisationDefaults: {
      membershipMode: env.MEMBERSHIP_MODE,
      consentAge: env.CONSENT_AGE,
      requireBirthDate: env.REQUIRE_BIRTH_DATE,
      defaultLanguage: env.DEFAULT_LANGUAGE,
      // The safe choices: an email link alone does not prove parenthood; previews are on as members expect.
      consentVerification: 'leader' as const,
      linkPreviews: true,
    },
    rateLimitAuthPerMinute: env.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitWritesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE,
    rateLimitCommentsPerMinute: env.RATE_LIMIT_COMMENTS_PER_MINUTE,
    /** Link previews of events (the preview route and a shared event's page) per client address. */
    rateLimitPreviewPerMinute: env.RATE_LIMIT_PREVIEW_PER_MINUTE,
    /** Audit entries older than this many days are removed by housekeeping (which records that it did). */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    /** Days after an event ends when its answers to sensitive registration questions are deleted (the worker's scan). */
    sensitiveAnswersDays: env.SENSITIVE_ANSWERS_DAYS,
    /** Sent and failed outbox rows, and finished notification jobs, older than this are removed by housekeeping. */
    outboxRetentionMs: env.OUTBOX_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    /** A permission slip left unanswered this long releases the minor's held spot. */
    guardianApprovalMs: env.GUARDIAN_APPROVAL_HOURS * 60 * 60 * 1000,
    /** Days after an event ends that its leaders may still read its members' care cards (the trip sheet). */
    careVisibleDays: env.CARE_VISIBLE_DAYS,
    sms: {
      provider: env.SMS_PROVIDER,
      httpUrl: env.SMS_HTTP_URL,
      httpToken: env.SMS_HTTP_TOKEN,
      from: env.SMS_FROM,
      twilio: { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, apiRoot: env.TWILIO_API_ROOT },
    },
    reminderLeadMs: env.REMINDER_LEAD_HOURS * 60 * 60 * 1000,
    /** Fees' currency until the organisation saves its own. */
    currency: env.CURRENCY,
    /** A pay-to-confirm place is held this long for the payment. */
    paymentHoldMs: env.PAYMENT_HOLD_MINUTES * 60 * 1000,
    notificationsWorkerEnabled: env.NOTIFICATIONS_WORKER_ENABLED,
    smtpTestTimeoutMs: env.SMTP_TEST_TIMEOUT_MS,
    notificationsTimeZone: env.NOTIFICATIONS_TIME_ZONE,
    brand: { name: env.BRAND_NAME, color: env.BRAND_COLOR.toLowerCase() },
    /** Online payments through Stripe Checkout, or null: off. */
    stripe: stripeSettings(env),
  };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError that lists every problem at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = buildConfig(parsed.data, source);
  const problems: string[] = [];
  if (config.production) {
    if (config.demoMode)
      problems.push('- production cannot run in demo mode: set GOOGLE_CLIENT_ID or TELEGRAM_BOT_TOKEN');
    if (!config.secretsKey) problems.push('- SECRETS_KEY is required in production');
    if (!config.publicUrl) problems.push('- PUBLIC_URL is required in production');
  }
  if (config.metrics && config.metrics.port !== 0 && config.metrics.port === config.port)
    problems.push('- METRICS_PORT must differ from PORT: metrics are served on a listener of their own');
  if (parsed.data.DATABASE_OWNER_URL && config.database.kind !== 'postgres')
    problems.push('- DATABASE_OWNER_URL needs DATABASE_URL (PostgreSQL): PGlite has one user');
  if (config.telegram.botToken && !config.telegram.botUsername) {
    problems.push('- TELEGRAM_BOT_USERNAME is required with TELEGRAM_BOT_TOKEN');
  }
  if (config.sms.provider === 'http' && !config.sms.httpUrl)
    problems.push('- SMS_HTTP_URL is required with SMS_PROVIDER=http');
  const { twilio } = config.sms;
  if (config.sms.provider === 'twilio' && !(twilio.accountSid && twilio.authToken && config.sms.from)) {
    problems.push('- TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and SMS_FROM are required with SMS_PROVIDER=twilio');
  }
  problems.push(...stripeProblems(parsed.data));
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return config;
}
