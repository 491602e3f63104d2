// The covers in the organisation's colour: drawn by the server from BRAND_COLOR (SVG for pages, PNG for link
// previews), accepted as an event's image like the samples, and nothing else under their name.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_COVER_PATTERNS, brandCoverUrl } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { get } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('covers in the brand colour on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { BRAND_COLOR: '#E4572E' } });
    admin = (await app.signedIn({ isAdmin: true })).client;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When a page asks for each cover, then it is an SVG in the organisation’s colour', async () => {
    for (const pattern of BRAND_COVER_PATTERNS) {
      const cover = await get(`${app.url}${brandCoverUrl(pattern)}`);
      expect(cover.status, pattern).toBe(200);
      expect(cover.headers['content-type'], pattern).toMatch(/^image\/svg\+xml/);
      expect(cover.body.toString('utf8'), pattern).toMatch(/^<svg [^>]*viewBox="0 0 1600 900"/);
      // The brand colour itself or its shades: every cover is drawn from it.
      const meta = await sharp(cover.body).stats();
      expect(meta.channels[0]!.mean, pattern).toBeGreaterThan(meta.channels[2]!.mean);
    }
    expect((await get(`${app.url}/images/events/brand-glow.svg`)).body.toString('utf8')).toContain('#e4572e');
  });

  it('When a chat app asks for a cover’s PNG, then it gets a 1200-pixel-wide picture', async () => {
    const picture = await get(`${app.url}/images/events/brand-rings.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(await sharp(picture.body).metadata()).toMatchObject({ format: 'png', width: 1200, height: 675 });
  });

  it('When an unknown pattern is asked for, then the answer is 404', async () => {
    expect((await get(`${app.url}/images/events/brand-nothing.svg`)).status).toBe(404);
    expect((await get(`${app.url}/images/events/brand-nothing.png`)).status).toBe(404);
  });

  it('When an event is saved with a brand cover, then it keeps it; an unknown one is refused', async () => {
    const created = await admin.post<{ id: number; imageUrl: string }>(
      '/api/events',
      eventBody({ imageUrl: '/images/events/brand-waves.svg' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe('/images/events/brand-waves.svg');

    const refused = await admin.post('/api/events', eventBody({ imageUrl: '/images/events/brand-nothing.svg' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'event_image_invalid', error: MSG.eventImageInvalid });
  });
});
