// The app's configuration in the bench: production settings, no logging, no background work.
import { loadConfig, type AppConfig } from '../../../api/src/config';

const BENCH_SECRETS_KEY = 'b'.repeat(64);

/** The environment the bench gives our server: the compiled one reads it as production reads its own. */
export function benchAppEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: BENCH_SECRETS_KEY,
    PUBLIC_URL: 'http://127.0.0.1',
    DEMO_MODE: 'off',
    TELEGRAM_BOT_ENABLED: 'false',
    NOTIFICATIONS_WORKER_ENABLED: 'false',
    // Off unless a bench turns it on (api-bench's metrics row): what nothing measures costs nothing.
    METRICS_PORT: '',
  };
}

export function benchAppConfig(databaseUrl: string): AppConfig {
  return loadConfig(benchAppEnv(databaseUrl));
}
