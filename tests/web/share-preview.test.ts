// A shared link of an event as a chat app fetches it (no cookie): an upcoming public event's page carries the
// link preview tags and, for the visitor's first screen, the event's name, time and cover; a private or unknown
// event's page carries only the site's own tags, and nowhere the place or the description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPreview } from '../../shared/types';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor, uploadCover } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';
import { previewTags } from '../../api/src/modules/web/share-preview';
import { checkScreen, launchBrowser, openPage, settle, shows } from './browser';
import type { Browser } from 'playwright-core';

/** The content of every <meta property|name="key"> in the page. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const match of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g))
    tags[match[1]!] = match[2]!;
  return tags;
}

describe('a shared link of an event', () => {
  let app: TestApp;
  let organiser: TestClient;
  let creatorId: number;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const admin = await app.signedIn({ isAdmin: true });
    organiser = admin.client;
    creatorId = admin.user.id;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When a chat app fetches an upcoming public event, then the page names it, its time and its cover, not its place or description', async () => {
    const imageUrl = await uploadCover(app, organiser);
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({
        name: 'Sunset hike & picnic',
        description: 'Bring water, good shoes and a friend. '.repeat(10),
        date: '2030-06-01T16:30:00.000Z',
        timeZone: 'Europe/Berlin',
        location: 'Behind the old mill, gate 4',
        imageUrl,
      }),
    );
    expect(created.status).toBe(201);

    const page = await pageFor(app, `/events/${created.body.id}`);
    const tags = metaTags(page.html);

    expect(tags['og:title']).toBe('Sunset hike &amp; picnic');
    expect(tags['og:description']).toBe('Sat, 1 Jun 2030, 18:30 CEST');
    expect(tags['og:image']).toBe(`${app.url}${imageUrl}/960.webp`);
    expect(tags['og:url']).toBe(`${app.url}/events/${created.body.id}`);
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect(page.html).not.toContain('old mill');
    expect(page.html).not.toContain('Bring water');
    // The visitor's first screen: the preview, from which the page shows the event above the sign-in.
    const preview = page.answers[`/api/events/${created.body.id}/preview`];
    expect(preview).toEqual({
      status: 200,
      body: {
        id: created.body.id,
        name: 'Sunset hike & picnic',
        date: '2030-06-01T16:30:00.000Z',
        timeZone: 'Europe/Berlin',
        imageUrl,
      },
    });
    // The cover is in the image a chat app fetches: it answers without a session.
    expect((await fetch(tags['og:image']!)).status).toBe(200);

    // A German reader's preview tells the time in German, in the event's zone.
    const german = await fetch(`${app.url}/events/${created.body.id}`, { headers: { 'accept-language': 'de-AT' } });
    expect(german.headers.get('vary')).toMatch(/Accept-Language/);
    expect(metaTags(await german.text())['og:description']).toBe('Sa., 1. Juni 2030, 18:30 MESZ');
  });

  it('When the event is private, deleted or never existed, then the page carries the site’s tags and nothing of it', async () => {
    const secret = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Secret planning meeting', location: 'Room 12', isPublic: false }),
    );
    const gone = await organiser.post<{ id: number }>('/api/events', eventBody({ name: 'Cancelled swim' }));
    expect((await organiser.delete(`/api/events/${gone.body.id}`)).status).toBe(204);

    for (const id of [secret.body.id, gone.body.id, 99999]) {
      const page = await pageFor(app, `/events/${id}`);
      const tags = metaTags(page.html);
      expect(tags['og:title']).toBe('Community Events');
      expect(tags['og:image']).toBeUndefined();
      expect(tags['twitter:card']).toBe('summary');
      expect(page.html).not.toContain('Secret planning meeting');
      expect(page.html).not.toContain('Cancelled swim');
      expect(page.answers[`/api/events/${id}/preview`]).toBeUndefined();
      const preview = await fetch(`${app.url}/api/events/${id}/preview`);
      expect(preview.status).toBe(404);
      expect(await preview.json()).toEqual({ code: expect.any(String), error: 'Event not found' });
    }
  });

  it('When a visitor asks for a public event’s preview, then it carries the name, time and cover and no place, and a sample cover is shared as PNG', async () => {
    const created = await organiser.post<{ id: number }>('/api/events', eventBody({ location: 'Lakeside camp' }));
    const response = await fetch(`${app.url}/api/events/${created.body.id}/preview`);
    const body = (await response.json()) as EventPreview;

    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['date', 'id', 'imageUrl', 'name', 'timeZone']);
    expect(body.name).toBe('Campfire night');
    expect(JSON.stringify(body)).not.toContain('Lakeside');

    // A sample cover is SVG, which chat apps do not draw: the preview names the PNG the build made of it.
    const page = await pageFor(app, `/events/${created.body.id}`);
    const image = metaTags(page.html)['og:image']!;
    expect(image).toBe(`${app.url}/images/events/campfire.png`);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('When a visitor opens a shared public event on a phone, then they see its name, date and cover above the sign-in, and not its place', async () => {
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Climbing taster', location: 'Boulder hall, Hall 3', date: '2030-03-07T17:00:00.000Z' }),
    );
    const page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    await page.goto(`/events/${created.body.id}`);
    await settle(page);

    // The preview's code loads only for visitors, after the page's own.
    await shows(page.getByRole('heading', { name: 'Climbing taster' }));
    expect(await page.getByText('Thursday, March 7, 2030', { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: 'Access Restricted' }).isVisible()).toBe(true);
    expect(await page.locator('main').getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.locator('body').innerText()).not.toContain('Boulder hall');
    await checkScreen(page, 'shared-event-visitor');

    // A private event's link shows the sign-in alone.
    const secret = await organiser.post<{ id: number }>('/api/events', eventBody({ name: 'Hidden', isPublic: false }));
    await page.goto(`/events/${secret.body.id}`);
    await settle(page);
    await shows(page.getByRole('heading', { name: 'Access Restricted' }));
    expect(await page.locator('main').innerText()).not.toContain('Hidden');

    // So does a public event that is over.
    const past = await app.deps.prisma.event.create({
      data: eventRow(creatorId, { name: 'Last summer camp', date: new Date(Date.now() - 86_400_000) }),
    });
    await page.goto(`/events/${past.id}`);
    await settle(page);
    await shows(page.getByRole('heading', { name: 'Access Restricted' }));
    expect(await page.locator('main').innerText()).not.toContain('Last summer camp');
    await page.context().close();
  });
});

describe('the site’s own link preview', () => {
  it('When the site’s description holds an apostrophe and an ampersand, then the preview tag escapes them once', () => {
    const page = previewTags(
      '<html><head><meta name="description" content="Rock &#39;n&#39; roll &amp; more" /></head></html>',
      {
        origin: 'https://events.example.org',
        path: '/events/5',
        siteName: 'Scouts & Guides',
        siteDescription: "Rock 'n' roll & more",
        language: 'en',
      },
      null,
    );
    const tags = metaTags(page);
    expect(tags['og:description']).toBe('Rock &#39;n&#39; roll &amp; more');
    expect(tags['og:title']).toBe('Scouts &amp; Guides');
  });
});
