// A shared link of an event as a chat app fetches it (no cookie): an upcoming public event's page carries the
// link preview tags (its picture: the name and date drawn over the cover) and, for the visitor's first screen,
// the event's teaser (name, time, cover, host's first name, how many go, the organiser's public summary, one way
// in); a private, past or unknown event's page carries only the site's own tags and the sign-in, and nowhere the
// place or the description.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPreview } from '../../shared/types';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor, uploadCover } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';
import { previewTags } from '../../api/src/modules/web/share-preview';
import { ARTIFACTS_DIR } from '../support/env';
import { checkScreen, launchBrowser, newTestContext, openPage, settle, shows } from './browser';
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
    const admin = await app.signedIn({ isAdmin: true, name: 'Maria Schmidt' });
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
    expect(page.html).toContain('<title>Sunset hike &amp; picnic · Community Events</title>');
    expect(tags['og:description']).toBe('Sat, 1 Jun 2030, 18:30 CEST');
    expect(tags['og:image']).toMatch(new RegExp(`^${app.url}/api/events/${created.body.id}/preview\\.png\\?v=`));
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
        publicSummary: null,
        hostFirstName: 'Maria',
        attendingCount: 0,
        membershipMode: 'open',
      },
    });
    // The picture a chat app fetches answers without a session.
    const picture = await fetch(tags['og:image']!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');

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

  it('When a visitor asks for a public event’s preview, then it carries the name, time and cover and no place, and its picture is a PNG drawn over the sample cover', async () => {
    const created = await organiser.post<{ id: number }>('/api/events', eventBody({ location: 'Lakeside camp' }));
    const response = await fetch(`${app.url}/api/events/${created.body.id}/preview`);
    const body = (await response.json()) as EventPreview;

    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'attendingCount',
      'date',
      'hostFirstName',
      'id',
      'imageUrl',
      'membershipMode',
      'name',
      'publicSummary',
      'timeZone',
    ]);
    expect(body.name).toBe('Campfire night');
    expect(JSON.stringify(body)).not.toContain('Lakeside');

    // A sample cover is SVG, which chat apps do not draw: the picture is a PNG with the cover drawn in.
    const page = await pageFor(app, `/events/${created.body.id}`);
    const image = metaTags(page.html)['og:image']!;
    expect(image).toContain(`/api/events/${created.body.id}/preview.png?v=`);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await picture.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('When a visitor opens a shared public event on a phone, then they see its teaser and one way in, never its place or “Access Restricted”', async () => {
    const created = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({
        name: 'Climbing taster',
        location: 'Boulder hall, Hall 3',
        description: 'Door code 1357 at the side entrance.',
        publicSummary: 'Try bouldering with friendly coaches. Shoes provided, no experience needed.',
        date: '2030-03-07T17:00:00.000Z',
      }),
    );
    const id = created.body.id;
    for (const name of ['Jonas Weber', 'Lea Braun']) {
      const friend = await app.signedIn({ name });
      expect((await friend.client.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
    }
    expect((await organiser.patch('/api/admin/organisation', { membershipMode: 'open' })).status).toBe(200);
    const page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    await page.goto(`/events/${id}`);
    await settle(page);

    // The teaser's code loads only for visitors, after the page's own.
    await shows(page.getByRole('heading', { level: 1, name: 'Climbing taster' }));
    expect(await page.title()).toBe('Climbing taster · Community Events');
    const main = page.locator('main');
    const text = await main.innerText();
    expect(text).toContain('Thursday, March 7, 2030');
    expect(text).toContain('Hosted by Maria');
    expect(text).not.toContain('Schmidt');
    expect(text).toContain('2 people going');
    expect(text).toContain('Try bouldering with friendly coaches.');
    expect(await main.getByRole('button', { name: 'Sign in to reply' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Access Restricted' }).count()).toBe(0);
    expect(await page.locator('body').innerText()).not.toContain('Boulder hall');
    expect(await page.locator('body').innerText()).not.toContain('1357');
    await checkScreen(page, 'shared-event-visitor');

    // The one button opens the sign-in.
    await main.getByRole('button', { name: 'Sign in to reply' }).click();
    await shows(page.getByRole('dialog'));
    await page.keyboard.press('Escape');

    // Where newcomers wait for approval, the way in says so.
    expect((await organiser.patch('/api/admin/organisation', { membershipMode: 'approval' })).status).toBe(200);
    await page.reload();
    await settle(page);
    await shows(main.getByRole('button', { name: 'Ask to join' }));
    expect(await main.getByRole('button', { name: 'Sign in to reply' }).count()).toBe(0);

    // A private event's link shows the sign-in alone.
    const secret = await organiser.post<{ id: number }>('/api/events', eventBody({ name: 'Hidden', isPublic: false }));
    await page.goto(`/events/${secret.body.id}`);
    await settle(page);
    await shows(page.getByRole('heading', { name: 'Access Restricted' }));
    expect(await main.innerText()).not.toContain('Hidden');
    expect(await main.getByRole('button', { name: 'Ask to join' }).count()).toBe(0);

    // So does a public event that is over.
    const past = await app.deps.prisma.event.create({
      data: eventRow(creatorId, { name: 'Last summer camp', date: new Date(Date.now() - 86_400_000) }),
    });
    await page.goto(`/events/${past.id}`);
    await settle(page);
    await shows(page.getByRole('heading', { name: 'Access Restricted' }));
    expect(await main.innerText()).not.toContain('Last summer camp');
    await page.context().close();
  });

  const ways = { en: 'Ask to join', de: 'Beitritt anfragen', ar: 'اطلب الانضمام' };
  // Twelve page loads: more than one test's usual minute on a busy machine.
  it.each(Object.entries(ways))(
    'When visitors open the teaser in %s, light or dark, on a phone or a desktop, then it reads in their language and fits',
    { timeout: 180_000 },
    async (language, way) => {
      const created = await organiser.post<{ id: number }>(
        '/api/events',
        eventBody({
          name: 'Sommerfest am See · Summer party',
          publicSummary: 'Games, music and a barbecue by the lake. Friends and family welcome!',
          date: '2030-07-12T15:00:00.000Z',
          timeZone: 'Europe/Berlin',
        }),
      );
      const friend = await app.signedIn({ name: 'Jonas Weber' });
      await friend.client.post(`/api/events/${created.body.id}/attend`, { status: 'attending' });
      const dir = path.join(ARTIFACTS_DIR, 'web');
      mkdirSync(dir, { recursive: true });
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await newTestContext(browser, { baseURL: app.url, locale: language, colorScheme });
        const page = await context.newPage();
        for (const [size, viewport] of Object.entries({
          phone: { width: 390, height: 844 },
          desktop: { width: 1366, height: 900 },
        })) {
          await page.setViewportSize(viewport);
          await page.goto(`/events/${created.body.id}`);
          await settle(page);
          await shows(page.locator('main').getByRole('button', { name: way }));
          expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
          const wider = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
          expect(wider, `${language} ${colorScheme} ${size} scrolls sideways`).toBe(false);
          await page.screenshot({
            path: path.join(dir, `shared-event-teaser-${language}-${colorScheme}-${size}.png`),
          });
        }
        await context.close();
      }
    },
  );
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
