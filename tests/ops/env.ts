// The environment of the product processes that tests/ops starts (the only place these tests read it).

/**
 * What `npm start` or the built server gets: this machine's environment (PATH, npm's settings) with the
 * product's own settings pinned, so neither the caller's variables nor a developer's .env (which never
 * overrides a set variable) can point it at a real database, bot or sign-in provider.
 */
export function productEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: '',
    PUBLIC_URL: '',
    GOOGLE_CLIENT_ID: '',
    TELEGRAM_BOT_TOKEN: '',
    TELEGRAM_BOT_USERNAME: '',
    SECRETS_KEY: '',
    DEMO_MODE: 'auto',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_SECONDS: '0',
    METRICS_PORT: '',
    ...settings,
  };
}
