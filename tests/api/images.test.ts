// Cover photos organisers upload: the server reads the content (not the name or the Content-Type), refuses what is
// not a photo, too big or a decompression bomb with a clear 4xx, strips metadata (GPS!), stores WebP variants
// and serves them (immutable only as a public event's cover); events take an upload up as their cover and delete
// it with themselves. Real images made by sharp, on PGlite and (when configured) PostgreSQL.
import type { User } from '@prisma/client';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../api/src/system/housekeeping';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const MB = 1024 * 1024;
const IMAGE_URL = /^\/api\/images\/[A-Za-z0-9_-]{22}$/;
const NOT_AN_IMAGE =
  'This file is not an image we can read, or it is damaged. Please upload a JPEG, PNG or WebP photo.';
const TOO_MANY_PIXELS = 'The image is too large: at most 40 megapixels. Please choose a smaller photo.';
const WRONG_FORMAT = 'Only JPEG, PNG and WebP photos can be uploaded.';
const HEIC_REFUSED = 'HEIC photos cannot be read by this server. Please upload a JPEG, PNG or WebP photo.';
const IMAGE_INVALID = 'Image must be one of the sample images or an image you uploaded';
const PHOTOGRAPHER = 'Summer camp photographer';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Covers of private events and unused uploads: no shared cache keeps them, browsers check before reuse. */
const PRIVATE = 'private, no-cache';

// ---- images made for the tests -------------------------------------------------------------------------

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A photo-like picture: noise compresses as badly as a real photo does. */
const noisyPhoto = () =>
  sharp({
    create: {
      width: 1200,
      height: 800,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
const halfOf = (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2));

/** A phone photo: 300×200 pixels stored sideways (EXIF orientation 6), with the camp's GPS position in EXIF. */
const phonePhoto = () =>
  canvas(300, 200)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: PHOTOGRAPHER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 0/1' },
    })
    .jpeg()
    .toBuffer();

/** EXIF's GPS directory pointer (tag 0x8825), in either byte order. */
const hasGpsDirectory = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) || exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));

/** A valid 1×1 PNG whose header claims width × height: a few dozen bytes that would decode to gigabytes. */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await canvas(1, 1).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29); // the IHDR chunk's checksum, so only the size lies
  return png;
}

/** An HEVC-coded HEIF as an iPhone names it (brand "heic"); this sharp build cannot decode HEVC. */
const heicFile = () =>
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);

// ---- calls ---------------------------------------------------------------------------------------------

async function upload(
  client: TestClient,
  bytes: Buffer,
  contentType = 'image/jpeg',
  extra: Record<string, string> = {},
) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${client.baseUrl}/api/images`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}), ...extra },
    body: new Uint8Array(bytes),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, text };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * What a browser sends to check a copy it holds (fetch itself would add `Cache-Control: no-cache`, a forced
 * reload, to any request with If-None-Match).
 */
const revalidating = (etag: string) => ({ 'if-none-match': etag, 'cache-control': 'max-age=0' });

const eventBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Summer camp',
  description: 'A week by the lake',
  date: '2030-07-01T09:00:00.000Z',
  location: 'Lakeside camp',
  imageUrl: '/images/events/campfire.svg',
  isPublic: true,
  ...overrides,
});

describe.each(DATABASE_KINDS)('cover photo uploads on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let otherAdmin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    otherAdmin = await app.signedIn({ name: 'Otto Admin', isAdmin: true });
    member = await app.signedIn({ name: 'Max Member' });
  });
  afterAll(() => app.stop());

  const storedImages = () => app.deps.prisma.eventImage.count();
  const variantUrl = (imageUrl: string, width: number) => `${app.url}${imageUrl}/${width}.webp`;

  async function uploaded(client = admin.client, bytes?: Buffer): Promise<string> {
    const res = await upload(client, bytes ?? (await canvas(640, 360).jpeg().toBuffer()));
    expect(res.status).toBe(201);
    return res.body.imageUrl as string;
  }

  async function expectRefused(res: TestResponse | Awaited<ReturnType<typeof upload>>, status: number, error: string) {
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: expect.any(String), error });
  }

  describe('uploading', () => {
    it('When an admin uploads a phone photo, then it is stored upright as WebP variants without any metadata', async () => {
      const photo = await phonePhoto();
      const original = await sharp(photo).metadata();
      expect(original.orientation).toBe(6);
      expect(hasGpsDirectory(original.exif!)).toBe(true);

      const res = await upload(admin.client, photo, 'image/jpeg');

      expect(res.status).toBe(201);
      expect(res.body).toEqual({ imageUrl: expect.stringMatching(IMAGE_URL), width: 200, height: 300 });
      for (const width of [480, 960, 1600]) {
        const variant = await download(variantUrl(res.body.imageUrl, width));
        expect(variant.status).toBe(200);
        expect(variant.headers.get('content-type')).toBe('image/webp');
        // No event shows it yet: only the uploader knows it, and no shared cache keeps it.
        expect(variant.headers.get('cache-control')).toBe(PRIVATE);
        expect(variant.headers.get('x-content-type-options')).toBe('nosniff');
        const meta = await sharp(variant.bytes).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 200, height: 300 }); // never enlarged
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(variant.bytes.includes(Buffer.from(PHOTOGRAPHER))).toBe(false);
      }
    });

    it('When a wide PNG is uploaded, then the variants are 480, 960 and 1600 pixels wide and the bare URL is the 960 one', async () => {
      const res = await upload(admin.client, await canvas(2400, 1200).png().toBuffer(), 'image/png');

      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ width: 1600, height: 800 });
      for (const width of [480, 960, 1600]) {
        const meta = await sharp((await download(variantUrl(res.body.imageUrl, width))).bytes).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
      }
      const bare = await download(`${app.url}${res.body.imageUrl}`);
      expect(bare.status).toBe(200);
      expect(bare.headers.get('cache-control')).toBe(PRIVATE);
      expect(bare.bytes.equals((await download(variantUrl(res.body.imageUrl, 960))).bytes)).toBe(true);
    });

    it('When a WebP is sent as application/octet-stream, then the content decides and it is accepted', async () => {
      const res = await upload(admin.client, await canvas(800, 600).webp().toBuffer(), 'application/octet-stream');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ imageUrl: expect.stringMatching(IMAGE_URL), width: 800, height: 600 });
    });

    it('When an AVIF (HEIF coded with AV1, which this build decodes) is uploaded, then it is accepted', async () => {
      const res = await upload(admin.client, await canvas(320, 240).avif().toBuffer(), 'image/avif');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ width: 320, height: 240 });
    });

    it('When a PNG is sent labelled image/jpeg, then it is still read as what it is', async () => {
      const res = await upload(admin.client, await canvas(100, 100).png().toBuffer(), 'image/jpeg');
      expect(res.status).toBe(201);
    });

    const refusals: Array<[string, () => Promise<Buffer> | Buffer, number, string]> = [
      ['a text file named .jpg', () => Buffer.from('name,date\nCampfire,2030-06-01\n'), 400, NOT_AN_IMAGE],
      ['a truncated JPEG', async () => halfOf(await noisyPhoto().jpeg().toBuffer()), 400, NOT_AN_IMAGE],
      ['a PNG declaring 7000×7000 pixels', () => pixelBomb(7000, 7000), 400, TOO_MANY_PIXELS],
      ['a PNG declaring 60000×60000 pixels', () => pixelBomb(60_000, 60_000), 400, TOO_MANY_PIXELS],
      [
        'an SVG drawing',
        () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        400,
        WRONG_FORMAT,
      ],
      ['a GIF', () => canvas(10, 10).gif().toBuffer(), 400, WRONG_FORMAT],
      ['an HEIC photo this server cannot decode', heicFile, 400, HEIC_REFUSED],
      ['an empty body', () => Buffer.alloc(0), 400, 'Choose an image file to upload.'],
    ];

    it.each(refusals)(
      'When the upload is %s, then it is refused with a clear message and nothing is stored',
      async (_case, make, status, error) => {
        const before = await storedImages();
        await expectRefused(await upload(admin.client, await make()), status, error);
        expect(await storedImages()).toBe(before);
      },
    );

    it('When the body is over 10 MB, then it is 413 with a clear message and nothing is stored', async () => {
      const before = await storedImages();
      const res = await upload(admin.client, Buffer.alloc(11 * MB, 0xff));
      await expectRefused(res, 413, 'The image is larger than 10 MB. Please choose a smaller photo.');
      expect(await storedImages()).toBe(before);
    });

    it('When a GIF or a TIFF comes with its own type, then the answer names the formats that are accepted', async () => {
      for (const [bytes, type] of [
        [await canvas(10, 10).gif().toBuffer(), 'image/gif'],
        [await canvas(10, 10).tiff().toBuffer(), 'image/tiff'],
      ] as const) {
        await expectRefused(await upload(admin.client, bytes, type), 400, WRONG_FORMAT);
      }
    });

    it('When the body is JSON or a form, then it is 415: the file itself is the body', async () => {
      const json = await admin.client.post('/api/images', { imageUrl: 'https://example.com/a.jpg' });
      await expectRefused(json, 415, 'Send the image file itself as the request body (JPEG, PNG or WebP).');
      const form = await upload(
        admin.client,
        await canvas(10, 10).jpeg().toBuffer(),
        'multipart/form-data; boundary=x',
      );
      expect(form.status).toBe(415);
    });
  });

  describe('who may upload', () => {
    it('When nobody is signed in, then uploading is 401', async () => {
      const res = await upload(app.anonymous(), await canvas(10, 10).jpeg().toBuffer());
      await expectRefused(res, 401, 'You need to be logged in to perform this action.');
    });

    it('When a member who is not an admin uploads, then it is 403 and nothing is stored', async () => {
      const before = await storedImages();
      const res = await upload(member.client, await canvas(10, 10).jpeg().toBuffer());
      await expectRefused(res, 403, 'Only administrators can upload images.');
      expect(await storedImages()).toBe(before);
    });

    it('When another site makes an admin’s browser upload, then it is refused', async () => {
      const res = await upload(admin.client, await canvas(10, 10).jpeg().toBuffer(), 'image/jpeg', {
        origin: 'https://evil.example',
      });
      await expectRefused(res, 403, 'Cross-site request refused');
    });

    it('When an admin has used up their writes for the minute, then uploading is 429', async () => {
      const busy = await app.signedIn({ isAdmin: true });
      await app.deps.prisma.rateLimitBucket.create({
        data: { key: `writes:${busy.user.id}`, count: 10_000, resetAt: new Date(Date.now() + 60_000) },
      });
      const res = await upload(busy.client, await canvas(10, 10).jpeg().toBuffer());
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('reading', () => {
    it('When an image or size does not exist, then it is 404', async () => {
      const imageUrl = await uploaded();
      for (const path of [
        '/api/images/AAAAAAAAAAAAAAAAAAAAAA',
        '/api/images/AAAAAAAAAAAAAAAAAAAAAA/480.webp',
        `${imageUrl}/300.webp`,
        `${imageUrl}/480.png`,
        `${imageUrl}/..%2F480.webp`,
        '/api/images/not-an-id',
      ]) {
        const res = await app.anonymous().get(path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).toEqual({ code: expect.any(String), error: expect.any(String) });
      }
    });
  });

  describe('as an event’s cover', () => {
    it('When an admin creates an event with their upload, then the event shows it and the upload is the event’s', async () => {
      const imageUrl = await uploaded();
      const res = await admin.client.post('/api/events', eventBody({ imageUrl }));
      expect(res.status).toBe(201);
      expect(res.body.imageUrl).toBe(imageUrl);
      const image = await app.deps.prisma.eventImage.findUnique({ where: { id: imageUrl.split('/').pop()! } });
      expect(image?.eventId).toBe(res.body.id);
    });

    it('When an admin uses an upload of another admin, then it is accepted (admins manage every event)', async () => {
      const imageUrl = await uploaded(otherAdmin.client);
      expect((await admin.client.post('/api/events', eventBody({ imageUrl }))).status).toBe(201);
    });

    it('When a creator who is no longer an admin points their event at someone else’s upload, then it is 403 and unchanged', async () => {
      const creator = await app.signedIn({ name: 'Former admin' });
      const event = await app.deps.prisma.event.create({
        data: { ...eventBody(), date: new Date('2030-07-01T09:00:00Z'), creatorId: creator.user.id },
      });
      const othersUpload = await uploaded();

      const res = await creator.client.patch(`/api/events/${event.id}`, eventBody({ imageUrl: othersUpload }));

      // Losing the role ends every organiser power over their own events, this edit included.
      await expectRefused(res, 403, "You can only edit events you've created");
      expect((await app.deps.prisma.event.findUnique({ where: { id: event.id } }))?.imageUrl).toBe(
        '/images/events/campfire.svg',
      );
    });

    it('When an event points at the cover of another event, then it is 400', async () => {
      const imageUrl = await uploaded();
      expect((await admin.client.post('/api/events', eventBody({ imageUrl }))).status).toBe(201);
      const res = await admin.client.post('/api/events', eventBody({ imageUrl }));
      await expectRefused(res, 400, 'This image is the cover of another event. Please upload it again for this one.');
    });

    const badUrls: Array<[string, string, string]> = [
      [
        'an upload that does not exist',
        '/api/images/AAAAAAAAAAAAAAAAAAAAAA',
        'The uploaded image was not found. Please upload it again.',
      ],
      ['another site’s picture', 'https://example.com/cat.jpg', IMAGE_INVALID],
      ['a path that is not a sample', '/images/events/unknown.svg', IMAGE_INVALID],
      ['a data: URL', 'data:image/png;base64,AAAA', IMAGE_INVALID],
      ['one variant of an upload', '/api/images/AAAAAAAAAAAAAAAAAAAAAA/480.webp', IMAGE_INVALID],
    ];
    it.each(badUrls)(
      'When the image is %s, then creating is 400 and nothing is stored',
      async (_case, imageUrl, error) => {
        const before = await app.deps.prisma.event.count();
        await expectRefused(await admin.client.post('/api/events', eventBody({ imageUrl })), 400, error);
        expect(await app.deps.prisma.event.count()).toBe(before);
      },
    );

    it('When an edit replaces an uploaded cover, then the old upload is deleted and the new one served', async () => {
      const first = await uploaded();
      const created = await admin.client.post('/api/events', eventBody({ imageUrl: first }));
      const second = await uploaded();

      const edited = await admin.client.patch(`/api/events/${created.body.id}`, eventBody({ imageUrl: second }));

      expect(edited.status).toBe(200);
      expect(edited.body.imageUrl).toBe(second);
      expect((await download(`${app.url}${first}`)).status).toBe(404);
      expect((await download(`${app.url}${second}`)).status).toBe(200);

      const again = await admin.client.patch(
        `/api/events/${created.body.id}`,
        eventBody({ imageUrl: second, name: 'Renamed' }),
      );
      expect(again.status).toBe(200);
      expect((await download(`${app.url}${second}`)).status).toBe(200);

      const sample = await admin.client.patch(
        `/api/events/${created.body.id}`,
        eventBody({ imageUrl: '/images/events/hike.svg' }),
      );
      expect(sample.status).toBe(200);
      expect((await download(`${app.url}${second}`)).status).toBe(404);
    });

    it('When an event is deleted, then its uploaded cover is gone too', async () => {
      const imageUrl = await uploaded();
      const created = await admin.client.post('/api/events', eventBody({ imageUrl }));
      expect((await download(variantUrl(imageUrl, 480))).status).toBe(200);

      expect((await admin.client.delete(`/api/events/${created.body.id}`)).status).toBe(204);

      for (const url of [`${app.url}${imageUrl}`, variantUrl(imageUrl, 480), variantUrl(imageUrl, 1600)]) {
        expect((await download(url)).status).toBe(404);
      }
      expect(await app.deps.prisma.eventImageVariant.count({ where: { imageId: imageUrl.split('/').pop()! } })).toBe(0);
    });

    it("When a cover is read, then a public event's is shared and immutable and a private event's is private and revalidated", async () => {
      const open = await uploaded();
      const hidden = await uploaded();
      expect((await admin.client.post('/api/events', eventBody({ imageUrl: open }))).status).toBe(201);
      expect((await admin.client.post('/api/events', eventBody({ imageUrl: hidden, isPublic: false }))).status).toBe(
        201,
      );

      for (const url of [`${app.url}${open}`, variantUrl(open, 480)]) {
        expect((await download(url)).headers.get('cache-control')).toBe(IMMUTABLE);
      }
      for (const url of [`${app.url}${hidden}`, variantUrl(hidden, 480), variantUrl(hidden, 1600)]) {
        const res = await download(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe(PRIVATE);
        expect(res.headers.get('etag')).toBeTruthy();
        // A browser asking again with what it holds gets 304 (a cheap check) while the event lives.
        const again = await download(url, revalidating(res.headers.get('etag')!));
        expect(again.status).toBe(304);
      }
    });

    it('When a public event with an uploaded cover is made private, then its cover is private from then on, and public again after', async () => {
      const imageUrl = await uploaded();
      const created = await admin.client.post('/api/events', eventBody({ imageUrl }));
      expect((await download(variantUrl(imageUrl, 480))).headers.get('cache-control')).toBe(IMMUTABLE);

      const hidden = await admin.client.patch(
        `/api/events/${created.body.id}`,
        eventBody({ imageUrl, isPublic: false }),
      );
      expect(hidden.status).toBe(200);
      expect((await download(variantUrl(imageUrl, 480))).headers.get('cache-control')).toBe(PRIVATE);
      expect((await download(`${app.url}${imageUrl}`)).headers.get('cache-control')).toBe(PRIVATE);

      await admin.client.patch(`/api/events/${created.body.id}`, eventBody({ imageUrl, isPublic: true }));
      expect((await download(variantUrl(imageUrl, 480))).headers.get('cache-control')).toBe(IMMUTABLE);
    });

    it('When a private event is deleted, then its cover answers 404, also to a browser revalidating its copy', async () => {
      const imageUrl = await uploaded();
      const created = await admin.client.post('/api/events', eventBody({ imageUrl, isPublic: false }));
      const before = await download(variantUrl(imageUrl, 960));
      expect(before.status).toBe(200);

      expect((await admin.client.delete(`/api/events/${created.body.id}`)).status).toBe(204);

      const after = await download(variantUrl(imageUrl, 960), revalidating(before.headers.get('etag')!));
      expect(after.status).toBe(404);
      expect((await download(`${app.url}${imageUrl}`)).status).toBe(404);
    });

    it('When a series shares a cover and one occurrence is private, then the cover is private', async () => {
      const imageUrl = await uploaded();
      const first = await admin.client.post(
        '/api/events',
        eventBody({ imageUrl, recurrence: { frequency: 'weekly', count: 2 } }),
      );
      expect(first.status).toBe(201);
      const occurrences = await app.deps.prisma.event.findMany({
        where: { imageUrl },
        orderBy: { date: 'asc' },
      });
      expect(occurrences).toHaveLength(2);
      expect((await download(variantUrl(imageUrl, 480))).headers.get('cache-control')).toBe(IMMUTABLE);

      const second = occurrences[1]!;
      const hidden = await admin.client.patch(
        `/api/events/${second.id}?scope=this`,
        eventBody({ imageUrl, date: second.date.toISOString(), isPublic: false }),
      );
      expect(hidden.status).toBe(200);
      expect((await download(variantUrl(imageUrl, 480))).headers.get('cache-control')).toBe(PRIVATE);
    });
  });

  describe('housekeeping', () => {
    it('When an upload stays unused for a day, then housekeeping removes it; covers and fresh uploads stay', async () => {
      const cover = await uploaded();
      expect((await admin.client.post('/api/events', eventBody({ imageUrl: cover }))).status).toBe(201);
      const forgotten = await uploaded();

      app.setNow(new Date(Date.now() + 25 * 60 * 60 * 1000));
      try {
        await pruneExpired(app.deps, app.system.services);
      } finally {
        app.setNow(new Date());
      }
      const fresh = await uploaded();
      await pruneExpired(app.deps, app.system.services);

      expect((await download(`${app.url}${forgotten}`)).status).toBe(404);
      expect((await download(`${app.url}${cover}`)).status).toBe(200);
      expect((await download(`${app.url}${fresh}`)).status).toBe(200);
    });
  });
});
