// Secrets that travel in a URL (the calendar feed's token, a login code's id, a cover's unguessable id, an email
// link's token) never reach the logs: the request line and the error lines name the route with the secret
// redacted. The app logs into memory, as pino writes it.
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoginCode } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import { TEST_DATABASE_URL } from '../support/env';
import { eventBody } from '../support/events';
import { TestClient } from '../support/http-client';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { startTestApp, TEST_BOT_ENV, type TestApp } from '../support/test-app';

type LogLine = Record<string, unknown>;

/** A logger that keeps every line it writes. */
function memoryLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

/** The request lines logged so far (the line is written when the answer is finished: wait for it). */
async function requestLines(lines: LogLine[], count: number): Promise<LogLine[]> {
  await expect.poll(() => lines.filter((line) => line.msg === 'request').length).toBeGreaterThanOrEqual(count);
  return lines.filter((line) => line.msg === 'request');
}

function expectNeverLogged(lines: LogLine[], secret: string) {
  expect(secret.length).toBeGreaterThan(10);
  expect(JSON.stringify(lines)).not.toContain(secret);
}

describe.each(DATABASE_KINDS)('secrets in logs on %s', (kind) => {
  let app: TestApp;
  let lines: LogLine[];

  beforeAll(async () => {
    const memory = memoryLogger();
    lines = memory.lines;
    app = await startTestApp(kind, { logger: memory.logger, env: { ...TEST_BOT_ENV } });
  });
  afterAll(() => app?.stop());

  it('When a calendar app reads a feed, then the log names the feed with its token redacted', async () => {
    const { client } = await app.signedIn();
    const feed = await client.get('/api/users/me/calendar-feed');
    const url = new URL(feed.body.url as string);
    const token = /calendar\/(.+)\.ics$/.exec(url.pathname)![1]!;
    lines.length = 0;

    expect((await fetch(`${app.url}${url.pathname}`)).status).toBe(200);
    // Routes match case-insensitively: so does the redaction.
    expect((await fetch(`${app.url}/API/Calendar/${token}.ics`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/calendar/${token}x.ics`)).status).toBe(404);

    const logged = await requestLines(lines, 3);
    expectNeverLogged(lines, token);
    expect(logged.map((line) => [line.path, line.status])).toEqual([
      ['/api/calendar/[redacted].ics', 200],
      ['/API/Calendar/[redacted].ics', 200],
      ['/api/calendar/[redacted].ics', 404],
    ]);
  });

  it('When a browser polls its Telegram login code, then the log never holds the login id', async () => {
    const browser = new TestClient(app.url);
    const { loginId } = await startLoginCode(browser);
    lines.length = 0;

    expect((await browser.get(`/api/telegram/check-login/${loginId}`)).status).toBe(202);
    expect((await app.anonymous().get(`/api/telegram/check-login/${loginId}`)).status).toBe(404);

    const logged = await requestLines(lines, 2);
    expectNeverLogged(lines, loginId);
    expect(logged.map((line) => [line.path, line.status])).toEqual([
      ['/api/telegram/check-login/[redacted]', 202],
      ['/api/telegram/check-login/[redacted]', 404],
    ]);
  });

  it("When a cover is read, then the log never holds the image's unguessable id", async () => {
    const { client } = await app.signedIn({ isAdmin: true });
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const bytes = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    const uploaded = await fetch(`${app.url}/api/images`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg', cookie },
      body: new Uint8Array(bytes),
    });
    expect(uploaded.status).toBe(201);
    const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
    expect((await client.post('/api/events', eventBody({ imageUrl }))).status).toBe(201);
    const id = imageUrl.split('/').pop()!;
    lines.length = 0;

    expect((await fetch(`${app.url}${imageUrl}`)).status).toBe(200);
    expect((await fetch(`${app.url}${imageUrl}/480.webp`)).status).toBe(200);

    const logged = await requestLines(lines, 2);
    expectNeverLogged(lines, id);
    expect(logged.map((line) => [line.path, line.status])).toEqual([
      ['/api/images/[redacted]', 200],
      ['/api/images/[redacted]/480.webp', 200],
    ]);
  });
});

// PostgreSQL only (PGlite has no connections to cut); reported as skipped without TEST_DATABASE_URL.
describe.skipIf(!TEST_DATABASE_URL)('secrets in error logs on postgres', () => {
  let proxy: TcpProxy;
  let app: TestApp;
  let lines: LogLine[];

  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const memory = memoryLogger();
    lines = memory.lines;
    app = await startTestApp('postgres', { logger: memory.logger, routeDatabase: (url) => proxy.route(url) });
  });
  afterAll(async () => {
    await proxy?.restore();
    await app?.stop();
    await proxy?.close();
  });

  it('When the database is down as a feed or an email link is opened, then the error lines hold neither secret', async () => {
    const { client } = await app.signedIn();
    const feed = await client.get('/api/users/me/calendar-feed');
    const path = new URL(feed.body.url as string).pathname;
    const token = /calendar\/(.+)\.ics$/.exec(path)![1]!;
    const emailToken = 'Kq3v9x2LmN8pR4tW6yZ1aB5cD7eF0gH2iJ4kL6mN8oP';
    await proxy.cut();
    lines.length = 0;

    expect((await fetch(`${app.url}${path}`)).status).toBe(503);
    const confirm = await fetch(`${app.url}/api/auth/confirm-email?token=${emailToken}`, {
      method: 'POST',
      headers: { origin: app.url },
      redirect: 'manual',
    });
    expect(confirm.status).toBe(503);

    await expect.poll(() => lines.filter((line) => line.msg === 'database unavailable').length).toBe(2);
    expectNeverLogged(lines, token);
    expectNeverLogged(lines, emailToken);
    expect(lines.filter((line) => line.msg === 'database unavailable').map((line) => line.url)).toEqual([
      '/api/calendar/[redacted].ics',
      '/api/auth/confirm-email',
    ]);
  });
});
