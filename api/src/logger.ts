// The one logger of the API process (structured JSON lines through pino).
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.auth_pass', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}
