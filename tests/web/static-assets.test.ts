// The built web app's files as the server sends them: the build's Brotli or gzip copy when the browser accepts
// one (the bytes the browser decodes are the file's own), hashed assets cached for good, the page itself not.
// The page carries its first screen for a signed-in member: the API's own answers for the current
// user and the route's data, and hints for the route's code and cover, never anything the member may not see.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MODULES } from '../../api/src/modules/web/first-screen';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { get, pageFor, uploadCover } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

describe('the web app as the server sends it', () => {
  let app: TestApp;
  let script: string;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const page = await get(`${app.url}/`);
    script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page.body.toString('utf8'))![1]!;
  });
  afterAll(() => app?.stop());

  it('When the web app is built, then every page the server names for a first screen is a module of the build', () => {
    // The server names pages by their source paths; a page that moved would silently lose its early download.
    const manifest = JSON.parse(readFileSync('dist/webapp/.vite/manifest.json', 'utf8')) as Record<string, unknown>;
    for (const module of Object.values(PAGE_MODULES)) expect(Object.keys(manifest), module).toContain(module);
  });

  it('When the browser accepts Brotli or only gzip, then the main script comes compressed so, with the same bytes inside', async () => {
    const plain = await get(`${app.url}${script}`);
    const br = await get(`${app.url}${script}`, 'gzip, deflate, br');
    const gz = await get(`${app.url}${script}`, 'gzip');

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    for (const answer of [plain, br, gz]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('When a phone asks for the page, then it comes compressed (its inlined stylesheet fits the first round trip)', async () => {
    const plain = await get(`${app.url}/events`);
    const br = await get(`${app.url}/events`, 'gzip, deflate, br');
    const gz = await get(`${app.url}/events`, 'gzip');

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // The first round trip of a new connection carries about 14 KB (ten packets).
    expect(plain.body.length).toBeGreaterThan(14_000);
    expect(br.body.length).toBeLessThan(14_000);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it('When the page itself is asked for, then it is never cached for good (a new build must reach members)', async () => {
    const page = await get(`${app.url}/events`, 'br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('the page carries its first screen', () => {
  let app: TestApp;
  let organiser: TestClient;
  let member: TestClient;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    organiser = (await app.signedIn({ isAdmin: true })).client;
    member = (await app.signedIn()).client;
  });
  afterAll(() => app?.stop());

  it("When a member opens an event with a photo, then the page carries the API's own answers for them and names the cover alone", async () => {
    const imageUrl = await uploadCover(app, organiser);
    const created = await organiser.post<{ id: number }>('/api/events', eventBody({ imageUrl }));
    const path = `/api/events/${created.body.id}`;

    const page = await pageFor(app, `/events/${created.body.id}`, member);

    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.answers[path]).toEqual({ status: 200, body: (await member.get(path)).body });
    expect(page.answers['/api/users/me']).toEqual({ status: 200, body: (await member.get('/api/users/me')).body });
    // The cover as its <img> asks for it: the phone's width chosen from the same srcset and sizes.
    expect(page.html).toContain(
      `<link rel="preload" as="image" href="${imageUrl}/960.webp" fetchpriority="high" imagesrcset="${imageUrl}/480.webp 480w, ${imageUrl}/960.webp 960w, ${imageUrl}/1600.webp 1600w" imagesizes="(min-width: 1120px) 880px, 100vw" />`,
    );
    // Before any script: the cover is the loading screen, with the same choice of sizes, and the main stylesheet
    // is in the page (no second request before the first paint).
    expect(page.html).toContain(
      `<img class="boot-cover" src="${imageUrl}/960.webp" srcset="${imageUrl}/480.webp 480w, ${imageUrl}/960.webp 960w, ${imageUrl}/1600.webp 1600w" sizes="(min-width: 1120px) 880px, 100vw" alt="" width="1600" height="686" fetchpriority="high" />`,
    );
    expect(page.html).not.toContain('rel="stylesheet"');
    expect(page.html).toMatch(/<style>[^<]*\.boot-cover\{/);
    // The photo shares the phone's connections with the main script only: the page's code comes after it.
    expect(page.html).not.toMatch(/modulepreload[^>]*event-details-page/);
    expect(page.html).not.toMatch(/rel="preload" as="style"/);
  });

  it("When a member opens an event without a photo, then the page names the page's code beside the main script", async () => {
    const created = await organiser.post<{ id: number }>('/api/events', eventBody({ name: 'Board games night' }));

    const page = await pageFor(app, `/events/${created.body.id}`, member);

    expect(page.answers[`/api/events/${created.body.id}`]?.status).toBe(200);
    const chunk = /<link rel="modulepreload" crossorigin href="(\/assets\/event-details-page-[\w-]+\.js)"/.exec(
      page.html,
    );
    expect(chunk, "the details page's chunk is named").not.toBeNull();
    expect((await get(`${app.url}${chunk![1]}`)).status).toBe(200);
  });

  it('When a member not invited to a private event, or a visitor, opens it, then the page carries neither it nor its cover', async () => {
    const imageUrl = await uploadCover(app, organiser);
    const secret = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Secret planning meeting', imageUrl, isPublic: false }),
    );
    expect(secret.status).toBe(201);

    const page = await pageFor(app, `/events/${secret.body.id}`, member);

    expect(page.status).toBe(200);
    expect(page.answers[`/api/events/${secret.body.id}`]).toBeUndefined();
    expect(page.html).not.toContain(imageUrl);
    expect(page.html).not.toContain('Secret planning meeting');
    // Nor does a visitor's page: a private event has no preview to show.
    const visitor = await pageFor(app, `/events/${secret.body.id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.html).not.toContain(imageUrl);
    expect(visitor.html).not.toContain('Secret planning meeting');
    expect(Object.keys(visitor.answers)).toEqual(['/api/users/me']);
    // The organiser who may see it gets both.
    const own = await pageFor(app, `/events/${secret.body.id}`, organiser);
    expect(own.html).toContain(`<link rel="preload" as="image" href="${imageUrl}/960.webp" fetchpriority="high"`);
    expect(own.answers[`/api/events/${secret.body.id}`]?.status).toBe(200);
  });

  it('When nobody is signed in, then the list carries no events, a public event only its preview, and shared caches may revalidate both', async () => {
    const picnic = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Public picnic', location: 'Meadow by the bridge' }),
    );

    const list = await pageFor(app, '/events');
    const details = await pageFor(app, `/events/${picnic.body.id}`);

    expect(list.answers).toEqual({ '/api/users/me': { status: 401, body: null } });
    expect(list.html).not.toContain('rel="preload" as="image"');
    expect(Object.keys(details.answers).sort()).toEqual([`/api/events/${picnic.body.id}/preview`, '/api/users/me']);
    expect(details.html).not.toContain('Meadow by the bridge');
    expect(details.answers[`/api/events/${picnic.body.id}`]).toBeUndefined();
    for (const page of [list, details]) expect(page.headers['cache-control']).toBe('no-cache');
  });

  it("When an event's name holds markup that would end a script, then the page still carries it as data only", async () => {
    const name = '</script><script>alert(1)</script><!--';
    await organiser.post('/api/events', eventBody({ name, date: '2030-01-01T10:00:00.000Z' }));

    const page = await pageFor(app, '/events', member);

    expect(page.html).not.toContain('<script>alert(1)');
    const first = page.answers['/api/events?when=upcoming&limit=50']?.body as { events: Array<{ name: string }> };
    expect(first.events.map((event) => event.name)).toContain(name);
    expect(page.answers['/api/events?when=upcoming&limit=50']).toEqual({
      status: 200,
      body: (await member.get('/api/events?when=upcoming&limit=50')).body,
    });
  });
});
