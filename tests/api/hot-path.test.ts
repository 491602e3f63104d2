// The hot reads: a signed-in browser's GET of the events list or an event is answered in front of
// Express (api/src/modules/events/hot-reads.ts). Whatever path answers, the client must see the same thing: each
// request here is sent twice, once as the hot path takes it and once with an Authorization header that is not
// Mini App initData, which the hot path leaves to the routes (whose authentication still reads the cookie).
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createEvenings } from '../support/events';
import { rawGet, type RawAnswer, type TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2031-05-01T10:00:00.000Z');
/** Headers that differ between any two answers, whoever sends them. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);

const comparable = (answer: RawAnswer) => ({
  status: answer.status,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER.has(name))),
  body: answer.bytes.toString('base64'),
});

describe('hot reads answer exactly as the routes do', () => {
  let app: TestApp;
  let member: { user: User; client: TestClient };
  let admin: { user: User; client: TestClient };
  let eventId: number;
  let privateId: number;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    member = await app.signedIn({ name: 'Mia Member' });
    ({ firstId: eventId, privateId } = await createEvenings(admin.client, NOW, 8));
    expect((await member.client.post(`/api/events/${eventId}/attend`, { status: 'attending' })).status).toBe(200);
  });
  afterAll(() => app.stop());

  const cookie = (who = member) => `${SESSION_COOKIE}=${who.client.cookies.get(SESSION_COOKIE)}`;

  async function bothWays(path: string, headers: Record<string, string> = {}, who = member) {
    const hot = await rawGet(`${app.url}${path}`, { cookie: cookie(who), ...headers });
    const routes = await rawGet(`${app.url}${path}`, {
      cookie: cookie(who),
      authorization: 'Bearer routes',
      ...headers,
    });
    return { hot, routes };
  }

  const paths = () => [
    `/api/events/${eventId}`,
    '/api/events',
    '/api/events?when=upcoming&limit=3',
    '/api/events?limit=2&when=past',
    '/api/events?when=upcoming&limit=1&mine=true',
  ];

  it('When a member or an admin reads the list, a page or an event, then both paths send the same status, headers and bytes', async () => {
    for (const who of [member, admin]) {
      for (const path of paths()) {
        for (const encoding of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br, gzip' }] as Array<
          Record<string, string>
        >) {
          const { hot, routes } = await bothWays(path, encoding, who);
          expect(hot.status, path).toBe(200);
          expect(comparable(hot), `${who.user.name} ${path} ${JSON.stringify(encoding)}`).toEqual(comparable(routes));
        }
      }
    }
    // The hot path knows who is an admin: the private event is in the admin's list, not in the member's.
    const listed = async (who: typeof member) =>
      (JSON.parse((await bothWays('/api/events', {}, who)).hot.bytes.toString('utf8')) as Array<{ id: number }>).map(
        (event) => event.id,
      );
    expect(await listed(admin)).toContain(privateId);
    expect(await listed(member)).not.toContain(privateId);
  });

  it('When a member repeats a read with its ETag, then both paths answer the same 304 with Helmet headers', async () => {
    for (const path of paths()) {
      const tag = (await rawGet(`${app.url}${path}`, { cookie: cookie() })).headers.etag as string;
      const { hot, routes } = await bothWays(path, { 'if-none-match': tag });
      expect(hot.status, path).toBe(304);
      expect(hot.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(hot.headers['x-content-type-options']).toBe('nosniff');
      expect(comparable(hot), path).toEqual(comparable(routes));
    }
  });

  it('When a member asks for a hidden event, a bad page or with a broken session, then the answers stay the routes’', async () => {
    const hidden = await bothWays(`/api/events/${privateId}`);
    expect(hidden.hot.status).toBe(404);
    expect(comparable(hidden.hot)).toEqual(comparable(hidden.routes));
    const badLimit = await bothWays('/api/events?limit=0');
    expect(badLimit.hot.status).toBe(400);
    expect(comparable(badLimit.hot)).toEqual(comparable(badLimit.routes));
    const badCursor = await bothWays('/api/events?cursor=nonsense');
    expect(badCursor.hot.status).toBe(400);
    expect(comparable(badCursor.hot)).toEqual(comparable(badCursor.routes));
    const unknown = await rawGet(`${app.url}/api/events/${eventId}`, { cookie: `${SESSION_COOKIE}=not-a-session` });
    expect(unknown.status).toBe(401);
    const repeatedCookie = await rawGet(`${app.url}/api/events`, {
      cookie: `${SESSION_COOKIE}=not-a-session; ${cookie()}`,
    });
    expect(repeatedCookie.status).toBe(401);
  });

  it('When the session has expired, then the hot path answers 401 as the routes do', async () => {
    const later = await app.signedIn({ name: 'Leo Later' });
    app.setNow(new Date(NOW.getTime() + 400 * 86_400_000));
    try {
      for (const path of [`/api/events/${eventId}`, '/api/events', '/api/events?when=upcoming']) {
        const res = await rawGet(`${app.url}${path}`, {
          cookie: `${SESSION_COOKIE}=${later.client.cookies.get(SESSION_COOKIE)}`,
        });
        expect(res.status, path).toBe(401);
      }
    } finally {
      app.setNow(NOW);
    }
  });
});
