// Verification of what Telegram signs: Login Widget data and Mini App initData (core.telegram.org).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const SHA256_HEX = /^[0-9a-f]{64}$/i;

/** Constant-time comparison of two SHA-256 hex digests (Buffer.from(…, 'hex') would silently drop junk). */
function safeEqualHex(expected: string, received: string): boolean {
  if (!SHA256_HEX.test(received)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(received.toLowerCase(), 'hex'));
}

function isFresh(authDate: number, maxAgeSeconds: number | null, now: Date): boolean {
  if (!Number.isInteger(authDate) || authDate <= 0) return false;
  if (maxAgeSeconds === null) return true;
  const age = now.getTime() / 1000 - authDate;
  return age <= maxAgeSeconds && age > -300; // a few minutes of clock skew
}

/**
 * Login Widget: HMAC-SHA256 over the sorted `key=value` lines of every field but `hash`,
 * keyed with SHA-256 of the bot token.
 */
export function verifyLoginWidget(
  data: Record<string, unknown>,
  botToken: string,
  maxAgeSeconds: number | null,
  now: Date,
): boolean {
  const hash = typeof data.hash === 'string' ? data.hash : '';
  // Telegram signs flat fields only; a list or object cannot be genuine, and turning a deeply nested one
  // into text would exhaust the stack.
  if (Object.values(data).some((value) => typeof value === 'object' && value !== null)) return false;
  const checkString = Object.keys(data)
    .filter((key) => key !== 'hash' && data[key] !== undefined && data[key] !== null)
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest('hex');
  return safeEqualHex(expected, hash) && isFresh(Number(data.auth_date), maxAgeSeconds, now);
}

export interface MiniAppUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  /** Telegram sets it (true) when the user allowed the bot to write to them. */
  allows_write_to_pm?: boolean;
  /** The language of the user's Telegram app (an IETF tag, e.g. "de" or "pt-br"). */
  language_code?: string;
}

export interface VerifiedInitData {
  user: MiniAppUser;
  startParam?: string;
  authDate: number;
  /** Whether the bot may write to this user (Telegram leaves the field out when not). */
  allowsWriteToPm: boolean;
}

/**
 * Mini App initData: secret = HMAC-SHA256(key "WebAppData", bot token); every field but `hash`
 * (`signature` included) sorted into the data-check-string. Returns null when anything is off.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  maxAgeSeconds: number | null,
  now: Date,
): VerifiedInitData | null {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash') ?? '';
  const checkString = [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest('hex');
  const authDate = Number(params.get('auth_date'));
  if (!safeEqualHex(expected, hash) || !isFresh(authDate, maxAgeSeconds, now)) return null;
  try {
    const user = JSON.parse(params.get('user') ?? 'null') as MiniAppUser | null;
    if (!user || typeof user.id !== 'number' || typeof user.first_name !== 'string') return null;
    return {
      user,
      startParam: params.get('start_param') ?? undefined,
      authDate,
      allowsWriteToPm: user.allows_write_to_pm === true,
    };
  } catch {
    return null;
  }
}

/** SPEC §3: the Telegram user's name is the trimmed first and last name. */
export const telegramDisplayName = (first: string, last?: string) => `${first} ${last ?? ''}`.trim();
