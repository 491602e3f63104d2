// What an organiser writes for outsiders (publicSummary) and what a shared link shows of a public upcoming event:
// the summary, the host's first name, how many are going, what a newcomer must do, and the link-preview picture
// (its name and date over its cover, 1200×630 PNG), drawn once per change and answered alike on every fetch.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPreview, EventSummary } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor, uploadCover } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

/** The content of every <meta property|name="key"> in the page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags[match[1]!] = match[2]!;
  return tags;
}

async function picture(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    cache: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe.each(DATABASE_KINDS)('a public summary and a shared event’s picture on %s', (kind) => {
  let app: TestApp;
  let organiser: TestClient;
  let organiserId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const signed = await app.signedIn({ isAdmin: true, name: 'Maria Schmidt' });
    organiser = signed.client;
    organiserId = signed.user.id;
  });
  afterAll(() => app?.stop());

  it('When an organiser writes a public summary, then it is kept trimmed, kept on an edit that leaves it out, and cleared by an empty one', async () => {
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ publicSummary: '   Songs, s’mores and stars — bring a friend!  ' }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    const read = async () => (await organiser.get<EventSummary>(`/api/events/${id}`)).body.publicSummary;
    expect(await read()).toBe('Songs, s’mores and stars — bring a friend!');

    expect((await organiser.patch(`/api/events/${id}`, eventBody({ name: 'Campfire night II' }))).status).toBe(200);
    expect(await read()).toBe('Songs, s’mores and stars — bring a friend!');

    expect((await organiser.patch(`/api/events/${id}`, eventBody({ publicSummary: '  ' }))).status).toBe(200);
    expect(await read()).toBeNull();

    const plain = await organiser.post<{ id: number }>('/api/events', eventBody());
    expect((await organiser.get<EventSummary>(`/api/events/${plain.body.id}`)).body.publicSummary).toBeNull();
  });

  it('When a public summary is longer than 200 characters or not text, then the answer is 400 naming the field', async () => {
    const long = await organiser.post('/api/events', eventBody({ publicSummary: 'x'.repeat(201) }));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Public summary must be at most 200 characters');

    const german = await organiser.post('/api/events', eventBody({ publicSummary: 'x'.repeat(201) }), {
      headers: { 'accept-language': 'de' },
    });
    expect(german.status).toBe(400);
    expect(german.body.error).toBe('Die öffentliche Kurzbeschreibung darf höchstens 200 Zeichen lang sein');

    const number = await organiser.post('/api/events', { ...eventBody(), publicSummary: 42 });
    expect(number.status).toBe(400);
    expect(number.body.error).toBe('Public summary must be text');

    // Exactly 200 is fine, counted after trimming.
    const fits = await organiser.post('/api/events', eventBody({ publicSummary: ` ${'y'.repeat(200)} ` }));
    expect(fits.status).toBe(201);
  });

  it('When a visitor previews a public upcoming event, then they read its summary, the host’s first name, how many go and how to get in', async () => {
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({
        name: 'Lantern walk',
        description: 'Meet at the back door, code 2468.',
        location: 'Old town hall',
        publicSummary: 'An easy evening walk with lanterns for all ages.',
        date: '2030-11-08T17:00:00.000Z',
        timeZone: 'Europe/Berlin',
      }),
    );
    const id = created.body.id;
    const friend = await app.signedIn({ name: 'Jonas Weber' });
    expect((await friend.client.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
    expect((await organiser.patch('/api/admin/organisation', { membershipMode: 'approval' })).status).toBe(200);

    const response = await fetch(`${app.url}/api/events/${id}/preview`);
    const body = (await response.json()) as EventPreview;
    expect(body).toEqual({
      id,
      name: 'Lantern walk',
      date: '2030-11-08T17:00:00.000Z',
      timeZone: 'Europe/Berlin',
      imageUrl: '/images/events/campfire.svg',
      publicSummary: 'An easy evening walk with lanterns for all ages.',
      hostFirstName: 'Maria',
      attendingCount: 1,
      membershipMode: 'approval',
    });
    expect(JSON.stringify(body)).not.toContain('Schmidt');
    expect(JSON.stringify(body)).not.toContain('2468');

    const page = await pageFor(app, `/events/${id}`);
    const tags = metaTags(page.html);
    expect(page.html).toContain('<title>Lantern walk · Community Events</title>');
    expect(tags['og:description']).toBe(
      'Fri, 8 Nov 2030, 18:00 CET · An easy evening walk with lanterns for all ages.',
    );
    expect(tags['og:image']).toMatch(new RegExp(`^${app.url}/api/events/${id}/preview\\.png\\?v=[\\w-]{22}$`));
    expect(tags['og:image:width']).toBe('1200');
    expect(tags['og:image:height']).toBe('630');
    expect(page.html).not.toContain('Old town hall');
    expect(page.html).not.toContain('2468');
    expect((await organiser.patch('/api/admin/organisation', { membershipMode: 'open' })).status).toBe(200);
  });

  it('When a chat app fetches the picture twice, then it gets the same 1200×630 PNG and tag, and a new one after the name changes', async () => {
    const imageUrl = await uploadCover(app, organiser);
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Harbour cleanup', imageUrl, date: '2030-06-01T16:30:00.000Z' }),
    );
    const id = created.body.id;
    const address = metaTags((await pageFor(app, `/events/${id}`)).html)['og:image']!;

    const first = await picture(address);
    expect(first.status).toBe(200);
    expect(first.type).toBe('image/png');
    expect(first.cache).toBe('public, no-cache');
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const second = await picture(address);
    expect(second.etag).toBe(first.etag);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const kept = await app.deps.prisma.eventPreviewImage.count({ where: { eventId: id } });
    expect(kept).toBe(1);
    const revalidated = await picture(address, { 'if-none-match': first.etag! });
    expect(revalidated.status).toBe(304);

    expect((await organiser.patch(`/api/events/${id}`, eventBody({ name: 'Beach cleanup', imageUrl }))).status).toBe(
      200,
    );
    const renamedAddress = metaTags((await pageFor(app, `/events/${id}`)).html)['og:image']!;
    expect(renamedAddress).not.toBe(address);
    const renamed = await picture(renamedAddress);
    expect(renamed.status).toBe(200);
    expect(renamed.etag).not.toBe(first.etag);
    expect(renamed.bytes.equals(first.bytes)).toBe(false);
    // The old address answers the newest picture: the path is the event's, `v` only tells caches it changed.
    expect((await picture(address)).etag).toBe(renamed.etag);
    expect((await picture(address, { 'if-none-match': first.etag! })).status).toBe(200);
  });

  it('When the event is private, past or unknown, then its picture is the same 404 as its preview', async () => {
    const secret = await organiser.post<{ id: number }>('/api/events', eventBody({ isPublic: false }));
    const past = await app.deps.prisma.event.create({
      data: eventRow(organiserId, { name: 'Last summer', date: new Date(Date.now() - 86_400_000) }),
    });
    for (const id of [secret.body.id, past.id, 999_999]) {
      const response = await fetch(`${app.url}/api/events/${id}/preview.png`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: expect.any(String), error: 'Event not found' });
    }
    expect(await app.deps.prisma.eventPreviewImage.count({ where: { eventId: secret.body.id } })).toBe(0);

    // A public event made private loses its picture's answer at once.
    const open = await organiser.post<{ id: number }>('/api/events', eventBody({ name: 'Open day' }));
    expect((await fetch(`${app.url}/api/events/${open.body.id}/preview.png`)).status).toBe(200);
    expect((await organiser.patch(`/api/events/${open.body.id}`, eventBody({ isPublic: false }))).status).toBe(200);
    expect((await fetch(`${app.url}/api/events/${open.body.id}/preview.png`)).status).toBe(404);
  });
});
