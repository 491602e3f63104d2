// SMS through a provider adapter chosen by configuration: 'http' posts JSON to a provider's API with a bearer
// token; 'log' writes the message to the log (development, demo).
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { permanentFailure, temporaryFailure, type OutgoingMessage } from './delivery';

export type SmsSender = (message: OutgoingMessage) => Promise<void>;

const TIMEOUT_MS = 15_000;

export function createSmsSender(sms: AppConfig['sms'], logger: Logger): SmsSender {
  if (sms.provider === 'log' || !sms.httpUrl) {
    return async (message) => {
      logger.info({ to: message.to, text: message.text }, 'SMS (log provider, not sent)');
    };
  }
  const url = sms.httpUrl;
  return async (message) => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(sms.httpToken ? { authorization: `Bearer ${sms.httpToken}` } : {}),
          'idempotency-key': message.key,
        },
        body: JSON.stringify({ to: message.to, from: sms.from ?? null, text: message.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw temporaryFailure(`SMS provider unreachable: ${(error as Error).message}`);
    }
    if (response.ok) return;
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    const reason = `SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`;
    // A 4xx (bad number, bad token) will not fix itself; 429 and 5xx may.
    if (response.status >= 400 && response.status < 500 && response.status !== 429) throw permanentFailure(reason);
    throw temporaryFailure(reason);
  };
}
