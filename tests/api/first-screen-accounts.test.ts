// The page the server writes for an account that is signed in but may read no events (waiting for approval,
// suspended, a guardian's): the API refuses it the programme, so the page carries none of it either. It gets
// exactly the visitor's page (a shared public event's preview at most), less the current-user answer, which the
// web app then asks the server for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody, eventRow } from '../support/events';
import type { TestClient } from '../support/http-client';
import { pageFor, uploadCover } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

const CURRENT_USER = '/api/users/me';

/** The page without its first screen's answers (compared on their own). */
const withoutAnswers = (html: string) =>
  html.replace(/<script type="application\/json" id="first-screen">[^<]*<\/script>/, '');

describe.each(DATABASE_KINDS)('the first screen of an account that may read no events on %s', (kind) => {
  let app: TestApp;
  let organiser: TestClient;
  let accounts: Array<{ who: string; client: TestClient }>;
  let cover: string;
  let publicId: number;
  let privateId: number;
  let pastId: number;

  /** What no page may name (the public upcoming event's name is in its own page's preview, as for a visitor). */
  const SECRETS = [
    'Pier 7, behind the fish market',
    'door code 4711',
    'Strategy evening',
    'Room 12 upstairs',
    'Last spring’s barbecue',
    'Old boathouse',
  ];

  beforeAll(async () => {
    app = await startTestApp(kind);
    const admin = await app.signedIn({ isAdmin: true });
    organiser = admin.client;
    cover = await uploadCover(app, organiser);
    const harbour = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({
        name: 'Harbour cleanup',
        description: 'Ring the bell, door code 4711.',
        location: 'Pier 7, behind the fish market',
        imageUrl: cover,
      }),
    );
    const strategy = await organiser.post<{ id: number }>(
      '/api/events',
      eventBody({ name: 'Strategy evening', location: 'Room 12 upstairs', isPublic: false, imageUrl: cover }),
    );
    const past = await app.deps.prisma.event.create({
      data: eventRow(admin.user.id, {
        name: 'Last spring’s barbecue',
        location: 'Old boathouse',
        date: new Date(Date.now() - 30 * 86_400_000),
      }),
    });
    publicId = harbour.body.id;
    privateId = strategy.body.id;
    pastId = past.id;

    const pending = await app.signedIn({ status: 'pending' });
    const guardian = await app.signedIn({ role: 'guardian' });
    // Suspended after signing in: the session the browser still carries must not open the programme.
    const suspended = await app.signedIn();
    await app.deps.prisma.user.update({ where: { id: suspended.user.id }, data: { status: 'suspended' } });
    accounts = [
      { who: 'pending', client: pending.client },
      { who: 'guardian', client: guardian.client },
      { who: 'suspended', client: suspended.client },
    ];
    // The API refuses them the programme: the page is held to the same.
    for (const { client } of accounts) {
      expect((await client.get('/api/events?when=upcoming&limit=50')).status).toBeGreaterThanOrEqual(401);
    }
  });
  afterAll(() => app?.stop());

  const routes = () => ['/', '/events', '/events?when=past', `/events/${publicId}`, `/events/${privateId}`];
  /** Every other page the web app has (app.tsx), and the same event pages written another way. */
  const otherRoutes = () => [
    `/events/${pastId}`,
    `/events/${privateId}/`,
    `/events/${publicId}/`,
    '/events/',
    `/events/${privateId}/edit`,
    '/events/create',
    '/settings',
    '/admin/settings',
    '/guardian',
    '/guardian/consent',
    '/join/some-code',
    '/telegram-auth-callback',
    '/no-such-page',
  ];

  it('When such an account opens any page, then the page names nothing of the programme and carries the visitor’s answers', async () => {
    for (const route of [...routes(), ...otherRoutes()]) {
      const visitor = await pageFor(app, route);
      const visitorKeys = Object.keys(visitor.answers).filter((key) => key !== CURRENT_USER);
      for (const { who, client } of accounts) {
        const page = await pageFor(app, route, client);
        const where = `${who} on ${route}`;

        expect(page.status, where).toBe(200);
        expect(
          Object.keys(page.answers)
            .filter((key) => key !== CURRENT_USER)
            .sort(),
          where,
        ).toEqual(visitorKeys.sort());
        for (const key of Object.keys(page.answers)) expect(key, where).not.toMatch(/^\/api\/events(\?|\/\d+$)/);
        for (const secret of SECRETS) expect(page.html, where).not.toContain(secret);
        if (!route.startsWith(`/events/${publicId}`)) expect(page.html, where).not.toContain('Harbour cleanup');
        // No route code named for them, as for a visitor.
        expect(page.html, where).not.toMatch(/modulepreload[^>]*(home-page|events-list-page|event-details-page)/);
        expect(page.headers['cache-control'], where).toBe(visitor.headers['cache-control']);
        // Beyond the answers, byte for byte the visitor's page: its tags, preloads, cover and words.
        expect(withoutAnswers(page.html), where).toBe(withoutAnswers(visitor.html));
      }
    }
  });

  it('When such an account opens a page, then the page leaves the current user for the web app to ask (a signed-out answer would hide the account)', async () => {
    for (const { who, client } of accounts) {
      const page = await pageFor(app, '/', client);
      if (who === 'suspended') {
        // Its session ended with the suspension: to the server it is a visitor, as the API says too.
        expect((await client.get(CURRENT_USER)).status).toBe(401);
        expect(page.answers[CURRENT_USER]).toEqual({ status: 401, body: null });
      } else {
        expect((await client.get(CURRENT_USER)).status).toBe(200);
        expect(page.answers[CURRENT_USER], who).toBeUndefined();
      }
    }
  });

  it('When such an account opens a shared upcoming public event, then it gets the preview a visitor gets, with the preview’s cover only', async () => {
    const visitor = await pageFor(app, `/events/${publicId}`);
    const preview = `/api/events/${publicId}/preview`;
    expect(visitor.answers[preview]?.status).toBe(200);
    for (const { who, client } of accounts) {
      const page = await pageFor(app, `/events/${publicId}`, client);
      expect(page.answers[preview], who).toEqual(visitor.answers[preview]);
      expect(page.answers[`/api/events/${publicId}`], who).toBeUndefined();
      // The private event shares the cover: on its page nothing of it shows.
      const secret = await pageFor(app, `/events/${privateId}`, client);
      expect(secret.html, who).not.toContain(cover);
    }
  });

  it('When an active member opens the home and the list, then the page still carries their programme', async () => {
    const member = (await app.signedIn()).client;
    const home = await pageFor(app, '/', member);
    const list = await pageFor(app, '/events', member);
    const details = await pageFor(app, `/events/${publicId}`, member);

    expect(home.answers[CURRENT_USER]?.status).toBe(200);
    expect(Object.keys(home.answers)).toContain('/api/events?when=upcoming&limit=5');
    expect(list.answers['/api/events?when=upcoming&limit=50']).toEqual({
      status: 200,
      body: (await member.get('/api/events?when=upcoming&limit=50')).body,
    });
    expect(details.answers[`/api/events/${publicId}`]?.status).toBe(200);
    expect(details.html).toContain('Pier 7, behind the fish market');
    for (const page of [home, list, details]) expect(page.headers['cache-control']).toBe('private, no-cache');
  });
});
