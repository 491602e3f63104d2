// X-Forwarded-For is believed only as far as TRUST_PROXY says: a client cannot pick its own address to slip past
// the per-address sign-in limit, and TRUST_PROXY=true (believe every hop) is refused at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/src/config';
import { DATABASE_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const LIMIT = 3;
const TOO_MANY = { code: expect.any(String), error: 'Too many requests. Please wait a minute and try again.' };

describe.each(DATABASE_KINDS)('client addresses behind proxies on %s', (kind) => {
  let oneHop: TestApp;
  let listed: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT) };
    [oneHop, listed, direct] = await Promise.all([
      startTestApp(kind, { env: { ...env, TRUST_PROXY: '1' } }),
      // The test connects from 127.0.0.1, so "loopback" makes it the trusted proxy.
      startTestApp(kind, { env: { ...env, TRUST_PROXY: 'loopback' } }),
      startTestApp(kind, { env }),
    ]);
  });
  afterAll(() => Promise.all([oneHop.stop(), listed.stop(), direct.stop()]));

  /** Sign-in attempts (with a useless credential) from one client, each with its own X-Forwarded-For. */
  async function attempts(app: TestApp, forwardedFor: (attempt: number) => string, count = LIMIT + 1) {
    const client = app.anonymous();
    const answers = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const res = await client.post(
        '/api/auth/login',
        { credential: 'x.y.z' },
        { headers: { 'x-forwarded-for': forwardedFor(attempt) } },
      );
      answers.push({ status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body as unknown });
    }
    return answers;
  }

  const forged = (attempt: number) => `203.0.113.${attempt + 1}`;

  it.each([
    ['TRUST_PROXY=1', () => oneHop],
    ['TRUST_PROXY=loopback', () => listed],
  ])(
    'When a client behind the proxy (%s) rotates a forged left-most X-Forwarded-For, then it still hits the sign-in limit',
    async (_name, app) => {
      // The proxy appends the address it saw on the right; everything left of it is the client's to invent.
      const answers = await attempts(app(), (attempt) => `${forged(attempt)}, 198.51.100.7`);
      expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual([400, 400, 400]);
      expect(answers[LIMIT]).toEqual({ status: 429, retryAfter: '60', body: TOO_MANY });

      // Another real client behind the same proxy is counted on its own.
      const [other] = await attempts(app(), () => `${forged(0)}, 198.51.100.8`, 1);
      expect(other!.status).toBe(400);
    },
  );

  it('When no proxy is trusted, then X-Forwarded-For is ignored entirely', async () => {
    const answers = await attempts(direct, (attempt) => forged(attempt));
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual([400, 400, 400]);
    expect(answers[LIMIT]).toEqual({ status: 429, retryAfter: '60', body: TOO_MANY });
    // Claiming to be someone else, or to come through a proxy, changes nothing: the socket's address counts.
    const more = await attempts(direct, (attempt) => `${forged(attempt + 50)}, 198.51.100.9`, 2);
    expect(more.map((answer) => answer.status)).toEqual([429, 429]);
  });
});

describe('TRUST_PROXY configuration', () => {
  const load = (value: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value });

  it('When TRUST_PROXY=true, then the server refuses to start and names the alternatives', () => {
    expect(() => load('true')).toThrow(ConfigError);
    expect(() => load('true')).toThrow(/TRUST_PROXY: true is refused.*number of proxies.*CIDR.*loopback/s);
  });

  it('When TRUST_PROXY is a hop count, a list of proxies or empty, then it is accepted', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load('2').trustProxy).toBe(2);
    expect(load('10.0.0.0/8, 192.168.1.10,loopback, fd00::/8, ::1').trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
    expect(load('uniquelocal,linklocal').trustProxy).toEqual(['uniquelocal', 'linklocal']);
    expect(load('0').trustProxy).toBe(false);
    expect(load('').trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
  });

  it('When TRUST_PROXY holds something that is no address, range or name, then it is refused', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0', 'loopback, proxy.example.org', '-1']) {
      expect(() => load(value), value).toThrow(/TRUST_PROXY: not a proxy address, CIDR range or name/);
    }
  });
});
