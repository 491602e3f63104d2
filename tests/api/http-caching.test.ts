// Cheap answers: JSON compressed for clients that accept it (above a threshold), and version ETags
// that let a repeat of the list, a page or an event answer 304 until something the viewer could see changes.
import type { User } from '@prisma/client';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createEvenings, eventBody } from '../support/events';
import { rawGet, type TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2031-05-01T10:00:00.000Z');

describe('HTTP caching and compression', () => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let member: { user: User; client: TestClient };
  let other: { user: User; client: TestClient };
  let eventId: number;
  let privateId: number;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    app.setNow(NOW);
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true });
    member = await app.signedIn({ name: 'Mia Member' });
    other = await app.signedIn({ name: 'Otto Other' });
    // Enough events for a list well over the compression threshold.
    ({ firstId: eventId, privateId } = await createEvenings(admin.client, NOW, 12));
  });
  afterAll(() => app.stop());

  const cookieOf = (client: TestClient) => `${SESSION_COOKIE}=${client.cookies.get(SESSION_COOKIE)}`;

  describe('compression', () => {
    it('When a client accepts gzip or Brotli, then the list comes compressed and inflates to the same JSON', async () => {
      const cookie = cookieOf(member.client);
      const plain = await rawGet(`${app.url}/api/events`, { cookie, 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.bytes.length).toBeGreaterThan(2048);

      const gzip = await rawGet(`${app.url}/api/events`, { cookie, 'accept-encoding': 'gzip' });
      expect(gzip.status).toBe(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(String(gzip.headers.vary)).toMatch(/accept-encoding/i);
      expect(gzip.bytes.length).toBeLessThan(plain.bytes.length / 3);
      expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));

      const br = await rawGet(`${app.url}/api/events?when=upcoming`, { cookie, 'accept-encoding': 'br, gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      const page = JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'));
      expect(page.events).toHaveLength(12);
    });

    it('When an answer is under 1 KB, then it is sent uncompressed even to a client that accepts gzip', async () => {
      const me = await rawGet(`${app.url}/api/users/me`, {
        cookie: cookieOf(member.client),
        'accept-encoding': 'gzip',
      });
      expect(me.status).toBe(200);
      expect(me.bytes.length).toBeLessThan(1024);
      expect(me.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(me.bytes.toString('utf8'))).toMatchObject({ id: member.user.id });
    });
  });

  describe('version ETags', () => {
    const paths = () => ['/api/events', '/api/events?when=upcoming&limit=5', `/api/events/${eventId}`];

    /** The current tag of each path for `client` (a full 200 answer each). */
    async function tagsOf(client: TestClient, list = paths()): Promise<string[]> {
      const tags: string[] = [];
      for (const path of list) {
        const res = await client.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-cache');
        tags.push(res.headers.get('etag')!);
      }
      return tags;
    }

    /** Every path answers 304 with an empty body when asked with its tag. */
    async function expectUnchanged(client: TestClient, tags: string[], list = paths()) {
      for (const [index, path] of list.entries()) {
        const res = await client.get(path, { headers: { 'if-none-match': tags[index]! } });
        expect(res.status, path).toBe(304);
        expect(res.text).toBe('');
      }
    }

    /** After `change`, no path answers 304 to the old tags; returns the new ones. */
    async function expectChangedBy(change: () => Promise<unknown>, client = member.client, list = paths()) {
      const before = await tagsOf(client, list);
      await expectUnchanged(client, before, list);
      await change();
      for (const [index, path] of list.entries()) {
        const res = await client.get(path, { headers: { 'if-none-match': before[index]! } });
        expect(res.status, path).toBe(200);
        expect(res.headers.get('etag')).not.toBe(before[index]);
      }
      const after = await tagsOf(client, list);
      await expectUnchanged(client, after, list);
    }

    it('When nothing changed, then a repeat with If-None-Match answers 304 with no body, and weak tags are sent', async () => {
      const tags = await tagsOf(member.client);
      for (const tag of tags) expect(tag).toMatch(/^W\/".+"$/);
      await expectUnchanged(member.client, tags);
    });

    it('When someone else RSVPs, then the tags change', async () => {
      await expectChangedBy(() => other.client.post(`/api/events/${eventId}/attend`, { status: 'attending' }));
    });

    it('When the event is edited, then the tags change', async () => {
      const date = new Date(NOW.getTime() + 86_400_000).toISOString();
      await expectChangedBy(() =>
        admin.client.patch(`/api/events/${eventId}`, eventBody({ name: 'Renamed evening', date })),
      );
    });

    it('When the member is invited to a private event, then the list tags change and the event appears', async () => {
      const lists = paths().slice(0, 1);
      await expectChangedBy(
        () => admin.client.post(`/api/events/${privateId}/invitations`, { userIds: [member.user.id] }),
        member.client,
        lists,
      );
      const list = await member.client.get<Array<{ id: number }>>('/api/events');
      expect(list.body.map((event) => event.id)).toContain(privateId);
    });

    it('When the event is deleted, then the tags change and the event answers 404', async () => {
      const list = ['/api/events', '/api/events?when=upcoming&limit=5'];
      const doomed = await admin.client.post(
        '/api/events',
        eventBody({ name: 'Short-lived', date: new Date(NOW.getTime() + 3_600_000).toISOString() }),
      );
      const tag = (await member.client.get(`/api/events/${doomed.body.id}`)).headers.get('etag')!;
      await expectChangedBy(() => admin.client.delete(`/api/events/${doomed.body.id}`), member.client, list);
      const gone = await member.client.get(`/api/events/${doomed.body.id}`, { headers: { 'if-none-match': tag } });
      expect(gone.status).toBe(404);
    });

    it('When another member sends my tag, or I become an admin, then the answer is not 304', async () => {
      const [mine] = await tagsOf(member.client, ['/api/events']);
      const theirs = await other.client.get('/api/events', { headers: { 'if-none-match': mine! } });
      expect(theirs.status).toBe(200);
      await expectChangedBy(
        () => app.deps.prisma.user.update({ where: { id: member.user.id }, data: { isAdmin: true } }),
        member.client,
        ['/api/events'],
      );
      await app.deps.prisma.user.update({ where: { id: member.user.id }, data: { isAdmin: false } });
    });

    it('When time passes an event, then the paged lists change tag (it moved from upcoming to past) without any write', async () => {
      const list = ['/api/events?when=upcoming', '/api/events?when=past'];
      await expectChangedBy(async () => app.setNow(new Date(NOW.getTime() + 1.5 * 86_400_000)), member.client, list);
      const idsIn = async (path: string) =>
        (await member.client.get(path)).body.events.map((event: { id: number }) => event.id);
      expect(await idsIn('/api/events?when=past')).toContain(eventId);
      expect(await idsIn('/api/events?when=upcoming')).not.toContain(eventId);
    });
  });
});
