// The server process: configuration, the system from the composition root, and signals. Nothing else.
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { createSystem } from './system/create-system';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The one place for failures nothing else caught: a stray rejection is logged and the process serves on;
  // an uncaught exception leaves the process in an unknown state, so it is logged and the process exits
  // for its supervisor (systemd, Docker, the platform) to start a fresh one.
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception: exiting for the supervisor to restart the process');
    process.exit(1);
  });
  const system = await createSystem(config, { logger });
  const web = await system.start();
  const shownUrl = config.publicUrl ?? web.url;
  const metrics = system.metricsServer()?.url;
  logger.info(
    { url: shownUrl, database: system.database.kind, demoMode: config.demoMode, ...(metrics ? { metrics } : {}) },
    'server started',
  );
  process.stdout.write(
    `\n  ${config.brand.name} is running at ${shownUrl}${config.demoMode ? '  (demo mode)' : ''}\n\n`,
  );

  let stopping = false;
  const shutdown = (signal: string, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, drainMs }, 'shutting down');
    void system
      .drain(drainMs)
      .then(() => system.stop())
      .then(() => process.exit(0));
  };
  // Ctrl-C stops at once; SIGTERM (a supervisor, a rolling deploy) drains first: readiness says 503 while
  // requests are still served, so the load balancer moves traffic away before the listener closes.
  process.on('SIGINT', () => shutdown('SIGINT', 0));
  process.on('SIGTERM', () => shutdown('SIGTERM', config.shutdownDrainMs));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${(error as Error)?.stack ?? String(error)}\n`);
  }
  process.exit(1);
});
