// Things only Google or Telegram can sign, signed here with local keys so tests can prove what the API accepts.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

export interface GoogleTokenOptions {
  /** Defaults: iss accounts.google.com, aud = the client id, email_verified true, valid for an hour. */
  claims?: JWTPayload & Record<string, unknown>;
  /** Signs with a key the JWKS does not publish (a forged token). */
  foreignKey?: boolean;
  issuedAt?: Date;
  expiresAt?: Date;
}

export interface FakeGoogle {
  jwksUrl: string;
  clientId: string;
  idToken(email: string, options?: GoogleTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** A local stand-in for Google's JWKS endpoint, serving the public half of a fresh RS256 key. */
export async function startFakeGoogle(clientId = 'test-client.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    clientId,
    async idToken(email, options = {}) {
      const issuedAt = options.issuedAt ?? new Date();
      const expiresAt = options.expiresAt ?? new Date(issuedAt.getTime() + 3600_000);
      return new SignJWT({
        email,
        email_verified: true,
        name: 'Test Person',
        sub: `sub-${email}`,
        ...options.claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
        .setIssuer((options.claims?.iss as string | undefined) ?? 'https://accounts.google.com')
        .setAudience((options.claims?.aud as string | undefined) ?? clientId)
        .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(options.foreignKey ? foreign.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WidgetFields = Record<string, string | number>;

/** Login Widget data as Telegram would sign it: HMAC-SHA256 keyed with SHA256(bot token). */
export function signLoginWidget(fields: WidgetFields, botToken: string): WidgetFields & { hash: string } {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  return { ...fields, hash: createHmac('sha256', secret).update(checkString).digest('hex') };
}

/** Mini App initData as Telegram would sign it: key HMAC_SHA256("WebAppData", bot token). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const hash = createHmac('sha256', secret).update(checkString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/** The published initData test vector (DESIGN §4), valid for TEST_BOT_TOKEN with expiry checking off. */
export const PUBLISHED_INIT_DATA =
  'query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%7D&auth_date=1662771648&hash=c501b71e775f74ce10e377dea85a7ea24ecd640b223ea86dfe453e0eaed2e2b2';
export const PUBLISHED_INIT_DATA_AUTH_DATE = 1662771648;
