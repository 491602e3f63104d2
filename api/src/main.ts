// The API process: configuration, database, HTTP server; graceful shutdown on SIGINT/SIGTERM.
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { startWebServer } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const { deps, database } = await bootstrap(config, logger);
  const web = await startWebServer(deps);
  const shownUrl = config.publicUrl ?? web.url;
  logger.info({ url: shownUrl, database: database.kind, demoMode: config.demoMode }, 'server started');
  process.stdout.write(`\n  Community events is running at ${shownUrl}${config.demoMode ? '  (demo mode)' : ''}\n\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await web.stop().catch((error: unknown) => logger.error({ err: error }, 'http close failed'));
    await database.close().catch((error: unknown) => logger.error({ err: error }, 'database close failed'));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
});
