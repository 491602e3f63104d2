// What anybody may learn of an event from its id without signing in: an upcoming public event's name, date and
// time with its zone, and its cover, no more (never the place, never the description); a past, private,
// deleted or unknown event, and any event while the organisation has turned link previews off, gives the very
// same 404 and the site's own tags. The preview route is limited per client address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

/** The content of every <meta property|name="key"> in the page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags[match[1]!] = match[2]!;
  return tags;
}

/** The preview route's answer as the wire carries it. */
async function previewOf(app: TestApp, id: number) {
  const response = await fetch(`${app.url}/api/events/${id}/preview`);
  return { status: response.status, body: await response.text(), retryAfter: response.headers.get('retry-after') };
}

describe.each(DATABASE_KINDS)('link previews of events on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let adminId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const signed = await app.signedIn({ isAdmin: true });
    admin = signed.client;
    adminId = signed.user.id;
  });
  afterAll(() => app?.stop());

  it('When a visitor previews an upcoming public event, then they get its name, date, zone and cover, and neither its description nor its place', async () => {
    const created = await admin.post<{ id: number }>(
      '/api/events',
      eventBody({
        name: 'Harbour cleanup',
        description: 'Ring twice, door code 4711, then up the stairs.',
        location: 'Pier 7',
        date: '2030-06-01T16:30:00.000Z',
        timeZone: 'Europe/Berlin',
      }),
    );
    const preview = await previewOf(app, created.body.id);
    const page = await pageFor(app, `/events/${created.body.id}`);
    const tags = metaTags(page.html);

    expect(preview.status).toBe(200);
    expect(JSON.parse(preview.body)).toEqual({
      id: created.body.id,
      name: 'Harbour cleanup',
      date: '2030-06-01T16:30:00.000Z',
      timeZone: 'Europe/Berlin',
      imageUrl: '/images/events/campfire.svg',
      publicSummary: null,
      hostFirstName: expect.any(String),
      attendingCount: 0,
      membershipMode: expect.any(String),
    });
    expect(tags['og:title']).toBe('Harbour cleanup');
    expect(tags['og:description']).toBe('Sat, 1 Jun 2030, 18:30 CEST');
    expect(page.html).not.toContain('4711');
    expect(page.html).not.toContain('Pier 7');
  });

  it('When a visitor walks the ids, then a past, private, deleted or unknown event answers the same 404 and the site’s tags', async () => {
    const longAgo = await app.deps.prisma.event.create({
      data: eventRow(adminId, {
        name: 'Spring barbecue',
        description: 'door code 4711',
        date: new Date(Date.now() - 400 * 86_400_000),
      }),
    });
    const lastHour = await app.deps.prisma.event.create({
      data: eventRow(adminId, { name: 'Morning swim', date: new Date(Date.now() - 60 * 60_000) }),
    });
    const secret = await admin.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Strategy evening', isPublic: false }),
    );
    const gone = await admin.post<{ id: number }>('/api/events', eventBody({ name: 'Cancelled swim' }));
    expect((await admin.delete(`/api/events/${gone.body.id}`)).status).toBe(204);

    const unknown = await previewOf(app, 999_999);
    expect(unknown.status).toBe(404);
    for (const id of [longAgo.id, lastHour.id, secret.body.id, gone.body.id]) {
      // Byte for byte the unknown id's answer: nothing tells an existing event from a missing one.
      expect(await previewOf(app, id)).toEqual(unknown);
      // Nor does the drawn picture, which names the event over its cover.
      const picture = await fetch(`${app.url}/api/events/${id}/preview.png`);
      expect(picture.status).toBe(404);
      expect(await picture.text()).toBe(unknown.body);
      const page = await pageFor(app, `/events/${id}`);
      const tags = metaTags(page.html);
      expect(tags['og:title']).toBe('Community Events');
      expect(tags['og:image']).toBeUndefined();
      expect(tags['twitter:card']).toBe('summary');
      for (const name of ['Spring barbecue', 'Morning swim', 'Strategy evening', 'Cancelled swim', '4711'])
        expect(page.html).not.toContain(name);
      expect(page.answers[`/api/events/${id}/preview`]).toBeUndefined();
    }
  });

  it('When the organisation turns link previews off, then no event previews anywhere, and on again they return', async () => {
    const created = await admin.post<{ id: number }>('/api/events', eventBody({ name: 'Open day' }));
    const unknown = await previewOf(app, 999_999);
    expect((await admin.patch('/api/admin/organisation', { linkPreviews: false })).status).toBe(200);
    try {
      expect(await previewOf(app, created.body.id)).toEqual(unknown);
      const page = await pageFor(app, `/events/${created.body.id}`);
      expect(metaTags(page.html)['og:title']).toBe('Community Events');
      expect(page.html).not.toContain('Open day');
      expect(Object.keys(page.answers)).toEqual(['/api/users/me']);
    } finally {
      expect((await admin.patch('/api/admin/organisation', { linkPreviews: true })).status).toBe(200);
    }
    expect((await previewOf(app, created.body.id)).status).toBe(200);
    const page = await pageFor(app, `/events/${created.body.id}`);
    expect(metaTags(page.html)['og:title']).toBe('Open day');
    expect(page.answers[`/api/events/${created.body.id}/preview`]?.status).toBe(200);
  });
  it('When an upcoming public event starts, then its preview ends with it (an event has no end to wait for)', async () => {
    const start = new Date(Date.now() + 2 * 60 * 60_000);
    const created = await admin.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Evening run', date: start.toISOString() }),
    );
    expect((await previewOf(app, created.body.id)).status).toBe(200);

    // The app's clock stays a minute into the event: this is the file's last use of this app.
    app.setNow(new Date(start.getTime() + 60_000));
    expect(await previewOf(app, created.body.id)).toEqual(await previewOf(app, 999_999));
    expect(metaTags((await pageFor(app, `/events/${created.body.id}`)).html)['og:title']).toBe('Community Events');
  });
});

describe.each(DATABASE_KINDS)('the link preview limit on %s', (kind) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { RATE_LIMIT_PREVIEW_PER_MINUTE: '3' } });
  });
  afterAll(() => app?.stop());

  it('When one address asks for more previews a minute than allowed, then it gets 429 and the pages carry the site’s tags', async () => {
    const { client: admin } = await app.signedIn({ isAdmin: true });
    const created = await admin.post<{ id: number }>('/api/events', eventBody({ name: 'Open day' }));

    // A shared event's page counts as a preview too.
    expect(metaTags((await pageFor(app, `/events/${created.body.id}`)).html)['og:title']).toBe('Open day');
    const statuses = [];
    for (const id of [created.body.id, 999_998, created.body.id]) statuses.push((await previewOf(app, id)).status);
    expect(statuses).toEqual([200, 404, 429]);

    const refused = await previewOf(app, created.body.id);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      code: expect.any(String),
      error: 'Too many requests. Please wait a minute and try again.',
    });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The page itself still opens, without the preview.
    const page = await pageFor(app, `/events/${created.body.id}`);
    expect(page.status).toBe(200);
    expect(metaTags(page.html)['og:title']).toBe('Community Events');
    expect(page.answers[`/api/events/${created.body.id}/preview`]).toBeUndefined();
  });
});
