// The one logger of the API process (structured JSON lines through pino). What the process is working on
// (a request's id, an outbox row's id) is kept in an async context, and every line logged inside it carries it,
// whichever module logs it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Fields every log line written inside `withLogContext` carries. */
export interface LogContext {
  requestId?: string;
  outboxId?: number;
}

const context = new AsyncLocalStorage<LogContext>();

/** Runs `work` with these fields on every log line it (and what it awaits) writes. */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, work);
}

/** `destination` is standard output unless given (tests read the lines). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    mixin: () => context.getStore() ?? {},
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.auth_pass', '*.password', '*.token'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
