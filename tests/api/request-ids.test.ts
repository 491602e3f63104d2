// An operator follows one request, or one notification, through the logs: every answer names its request id in
// X-Request-Id (a well-formed one from the proxy in front is kept, anything else replaced), the request's log
// line carries it, and the delivery worker's lines name the outbox row they are about. The app logs into memory
// with the product's own logger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/src/logger';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { localSmtpSettings } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';

type LogLine = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(DATABASE_KINDS)('request ids and outbox ids in the logs on %s', (kind) => {
  let app: TestApp;
  const lines: LogLine[] = [];

  /** The request line of the answer with this id (written when the answer is finished: wait for it). */
  async function requestLine(id: string): Promise<LogLine> {
    await expect.poll(() => lines.some((line) => line.msg === 'request' && line.requestId === id)).toBe(true);
    return lines.find((line) => line.msg === 'request' && line.requestId === id)!;
  }

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
    app = await startTestApp(kind, { logger });
  });
  afterAll(() => app?.stop());

  it('When a request comes without an id, then the answer names a fresh one and its log line carries it', async () => {
    const first = await app.anonymous().get('/api/health');
    const second = await app.anonymous().get('/api/health');
    const id = first.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(id);
    expect(await requestLine(id)).toMatchObject({ path: '/api/health', status: 200 });
  });

  it('When the proxy in front sends a well-formed id, then it is kept in the answer and the log', async () => {
    const id = 'lb-2031.05.01_abcdef0123456789';
    const res = await app.anonymous().get('/api/health', { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(await requestLine(id)).toMatchObject({ path: '/api/health', status: 200 });
  });

  it('When a signed-in member reads the events (answered before Express), then the answer and its line carry the id', async () => {
    const { client } = await app.signedIn();
    const id = 'member-read-0001';
    const res = await client.get('/api/events', { headers: { 'X-Request-Id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    expect((await requestLine(id)).userId).toBeTypeOf('number');
  });

  it('When an incoming id is malformed, too short or too long, then a fresh one replaces it everywhere', async () => {
    const hostile = ['<script>alert(1)</script>', 'short', 'x'.repeat(129), 'has space in it', '{"level":60}'];
    for (const given of hostile) {
      const res = await app.anonymous().get('/api/health', { headers: { 'X-Request-Id': given } });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      await requestLine(id);
      expect(JSON.stringify(lines)).not.toContain(given);
    }
  });

  it('When a page or a missing route is answered, then it names its request id too', async () => {
    const missing = await app.anonymous().get('/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
    const page = await app.anonymous().get('/');
    expect(page.headers.get('x-request-id')).toMatch(UUID);
  });

  it('When the worker fails to deliver a notification, then its lines name the outbox row', async () => {
    const { client: admin } = await app.signedIn({ name: 'Log Admin', isAdmin: true });
    await app.signedIn({ name: 'Told Member', googleEmail: 'told@example.org', notificationPrefs: ['email'] });
    // Nothing listens on port 9: every send is refused, and the worker logs why.
    expect((await admin.post('/api/smtp-settings', localSmtpSettings(9))).status).toBe(200);
    expect((await admin.post('/api/events', eventBody({ isPublic: true }))).status).toBe(201);
    await app.system.createWorker({ maxAttempts: 1 }).drain();

    const rows = await app.deps.prisma.outboxMessage.findMany({ where: { channel: 'email' } });
    expect(rows.length).toBeGreaterThan(0);
    const failed = lines.filter((line) => line.msg === 'notification failed');
    const refused = lines.filter((line) => line.msg === 'email delivery failed');
    expect(failed.map((line) => line.outboxId).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(refused.map((line) => line.outboxId).sort()).toEqual(rows.map((row) => row.id).sort());
  });
});
