// SMS through a provider adapter chosen by configuration: 'twilio' uses Twilio's Messages API; 'http' posts
// JSON to a provider's API with a bearer token; 'log' writes the message to the log (development, demo).
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { permanentFailure, temporaryFailure, type OutgoingMessage } from './delivery';

export type SmsSender = (message: OutgoingMessage) => Promise<void>;

const TIMEOUT_MS = 15_000;

export function createSmsSender(sms: AppConfig['sms'], logger: Logger): SmsSender {
  if (sms.provider === 'twilio') return twilioSender(sms);
  const url = sms.provider === 'http' ? sms.httpUrl : undefined;
  if (!url) {
    return async (message) => {
      logger.info({ to: message.to, text: message.text }, 'SMS (log provider, not sent)');
    };
  }
  return (message) =>
    post(url, {
      headers: {
        'content-type': 'application/json',
        ...(sms.httpToken ? { authorization: `Bearer ${sms.httpToken}` } : {}),
        'idempotency-key': message.key,
      },
      body: JSON.stringify({ to: message.to, from: sms.from ?? null, text: message.text }),
    });
}

/** Twilio's Messages API: form-encoded To/From/Body with the account SID and auth token as basic auth. */
function twilioSender(sms: AppConfig['sms']): SmsSender {
  const { accountSid, authToken, apiRoot } = sms.twilio;
  const url = `${apiRoot.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid ?? '')}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return (message) =>
    post(url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
      body: new URLSearchParams({ To: message.to, From: sms.from ?? '', Body: message.text }).toString(),
    });
}

async function post(url: string, init: { headers: Record<string, string>; body: string }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw temporaryFailure(`SMS provider unreachable: ${(error as Error).message}`);
  }
  if (response.ok) return;
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  const reason = `SMS provider answered ${response.status}${detail ? `: ${detail}` : ''}`;
  // A 4xx (bad number, bad token) will not fix itself; 429 and 5xx may.
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw permanentFailure(reason);
  throw temporaryFailure(reason);
}
