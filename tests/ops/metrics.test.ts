// Prometheus metrics on a listener of their own (METRICS_PORT): the app with its real bot against the fake Bot
// API, real requests and the real delivery worker, then GET /metrics read strictly as Prometheus text.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../api/src/config';
import { startBotTestApp, type BotTestApp } from '../support/bot-test-app';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { commandUpdate } from '../support/fake-bot-api';
import type { TestClient } from '../support/http-client';
import { parsePrometheus, type Exposition } from '../support/prometheus';
import { startTestApp } from '../support/test-app';

const TOO_MANY = { error_code: 429, description: 'Too Many Requests: retry after 1' };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)('Prometheus metrics on %s', (kind) => {
  let app: BotTestApp;
  let admin: TestClient;
  let members: Array<{ user: User; tg: { id: number; first_name: string } }>;

  /** Scrapes the metrics listener; fails on any line a Prometheus server would refuse. */
  async function scrape(): Promise<Exposition> {
    const answer = await fetch(`${app.metricsUrl}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(app.system.metrics!.registry.contentType);
    return parsePrometheus(await answer.text());
  }
  const sent = (metrics: Exposition, outcome: string) =>
    metrics.value('notifications_sent_total', { channel: 'telegram', outcome }) ?? 0;
  const limited = (metrics: Exposition) => metrics.value('telegram_rate_limited_total') ?? 0;

  /** An event every member hears of on Telegram, expanded into outbox rows (the worker's first step). */
  async function announce(name: string): Promise<number> {
    const created = await admin.post('/api/events', eventBody({ name }));
    expect(created.status).toBe(201);
    while (await app.outbox.expandNext(app.deps.now(), 500));
    return created.body.id as number;
  }

  beforeAll(async () => {
    app = await startBotTestApp(kind, { env: { METRICS_PORT: '0' } });
    ({ client: admin } = await app.admin());
    members = [];
    for (let index = 0; index < 3; index += 1) {
      const tg = { id: 6_100_000 + index, first_name: `Scraped ${index}` };
      const { user } = await app.signedIn({
        name: tg.first_name,
        telegramId: String(tg.id),
        notificationPrefs: ['telegram'],
      });
      members.push({ user, tg });
    }
  }, 120_000);
  afterAll(() => app?.stop());

  it('When the API is used and the worker sends through a 429, then /metrics counts requests by route pattern, the queue and what was sent', async () => {
    const before = await scrape();
    const eventId = await announce('Scraped Evening');
    expect((await admin.get(`/api/events/${eventId}`)).status).toBe(200);
    expect((await admin.get(`/api/events/${eventId}/attendees`)).status).toBe(200);
    expect((await admin.get('/api/events/987654')).status).toBe(404);
    expect((await app.anonymous().get('/api/no-such-thing/12345')).status).toBe(404);

    const queued = await scrape();
    expect(queued.value('outbox_pending_messages', { channel: 'telegram' })).toBe(members.length);
    expect(queued.value('outbox_pending_messages', { channel: 'email' })).toBe(0);
    // Queued moments ago, by the app's clock.
    expect(queued.value('outbox_oldest_pending_age_seconds', { channel: 'telegram' })).toBeGreaterThan(0);
    expect(queued.value('outbox_oldest_pending_age_seconds', { channel: 'telegram' })).toBeLessThan(60);

    // Telegram refuses the first send with a 429: that message waits its retry_after; the others go out.
    app.botApi.failNext('sendMessage', TOO_MANY);
    const worker = app.worker();
    expect(await worker.drain()).toEqual({ sent: members.length - 1, retried: 1, failed: 0 });
    const throttled = await scrape();
    expect(sent(throttled, 'sent') - sent(before, 'sent')).toBe(members.length - 1);
    expect(sent(throttled, 'retried') - sent(before, 'retried')).toBe(1);
    expect(limited(throttled) - limited(before)).toBe(1);
    expect(throttled.value('outbox_pending_messages', { channel: 'telegram' })).toBe(1);

    await wait(1100);
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const after = await scrape();
    expect(sent(after, 'sent') - sent(before, 'sent')).toBe(members.length);
    expect(sent(after, 'failed') - sent(before, 'failed')).toBe(0);
    expect(after.value('outbox_pending_messages', { channel: 'telegram' })).toBe(0);
    expect(after.value('outbox_oldest_pending_age_seconds', { channel: 'telegram' })).toBe(0);

    // Requests are labelled by the route's pattern (the hot read's and Express's alike), never by the path.
    const requests = after.series('http_request_duration_seconds_count');
    const count = (method: string, route: string, status: string) =>
      after.value('http_request_duration_seconds_count', { method, route, status }) ?? 0;
    expect(count('GET', '/api/events/:id', '200')).toBeGreaterThanOrEqual(1);
    expect(count('GET', '/api/events/:id', '404')).toBeGreaterThanOrEqual(1);
    expect(count('GET', '/api/events/:id/attendees', '200')).toBeGreaterThanOrEqual(1);
    expect(count('POST', '/api/events', '201')).toBeGreaterThanOrEqual(1);
    expect(count('GET', 'unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(requests.filter((sample) => /\d/.test(sample.labels.route!))).toEqual([]);
    expect(after.types.get('http_request_duration_seconds')).toBe('histogram');

    // The rest of the contract is there, with the process's own metrics.
    for (const name of ['db_pool_connections_in_use', 'db_pool_connections_waiting', 'outbox_claims_reclaimed_total']) {
      expect(after.value(name)).toBeGreaterThanOrEqual(0);
    }
    // No backup recorded yet: no age to report.
    expect(after.value('backup_last_success_age_seconds')).toBeNaN();
    expect(after.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.value('process_resident_memory_bytes')).toBeGreaterThan(0);
  }, 60_000);

  it("When Telegram answers the bot's reply with a 429, then telegram_rate_limited_total moves", async () => {
    const before = limited(await scrape());
    app.botApi.failNext('sendMessage', TOO_MANY, members[0]!.tg.id);
    await app.sendUpdate(commandUpdate(members[0]!.tg, '/events'));
    expect(limited(await scrape()) - before).toBe(1);
  });

  it('When a worker stops renewing its claim and the lease runs out, then the worker that takes the rows over counts them', async () => {
    const before = (await scrape()).value('outbox_claims_reclaimed_total')!;
    await announce('Lease Evening');
    // The first worker claims the batch and hangs in its first send without a heartbeat (the lease lapses at once).
    let release = () => {};
    const hung = new Promise<void>((resolve) => (release = resolve));
    const stuck = app.worker({ leaseMs: 0, heartbeatMs: 60_000, concurrency: 1 }, { telegram: () => () => hung });
    const stuckRun = stuck.drain();
    await expect.poll(async () => (await app.outboxRows()).filter((row) => row.claimedBy !== null).length).toBe(3);
    expect(await app.worker().drain()).toEqual({ sent: members.length, retried: 0, failed: 0 });
    expect((await scrape()).value('outbox_claims_reclaimed_total')! - before).toBe(members.length);
    await stuck.stop();
    release();
    await stuckRun;
  });

  it('When /metrics is asked of the app’s own port, then it answers 404', async () => {
    expect((await app.anonymous().get('/metrics')).status).toBe(404);
  });

  it('When METRICS_PORT is not set, then no metrics listener is opened and nothing is measured', async () => {
    const plain = await startTestApp(kind);
    try {
      expect(plain.config.metrics).toBeNull();
      expect(plain.metricsUrl).toBeNull();
      expect(plain.system.metrics).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});

describe('the metrics settings', () => {
  it('When METRICS_PORT is not a port or is the app’s own, then the configuration is refused with the reason', () => {
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT must be a port number/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
  });
});
