// Powers follow the role held now: an event's creator who no longer may create events loses every organiser power
// over the events they created, on the next request. A revoke recorded by the admin CLI is not undone by
// ADMIN_EMAILS / ADMIN_TELEGRAM_IDS, which grant admin only to accounts nobody has decided about yet.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAdmins } from '../../api/src/bootstrap';
import { parseAdminRef, setAdmin } from '../../api/src/modules/auth/admin-grants';
import { issuePass } from '../../api/src/modules/events/event-pass';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { startFakeBotApi, type FakeBotApi } from '../support/fake-bot-api';
import type { TestClient, TestResponse } from '../support/http-client';
import { signInitData, startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, TEST_BOT_TOKEN, withFakeBot, type TestApp } from '../support/test-app';

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tma = (initData: string) => ({ headers: { authorization: `tma ${initData}` } });

describe.each(DATABASE_KINDS)('Losing the admin role on %s', (kind) => {
  let google: FakeGoogle;
  let botApi: FakeBotApi;
  let app: TestApp;
  let counter = 0;

  beforeAll(async () => {
    google = await startFakeGoogle();
    botApi = await startFakeBotApi();
    const bot = withFakeBot(botApi);
    app = await startTestApp(kind, {
      ...bot,
      env: {
        ...bot.env,
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        ADMIN_EMAILS: 'chief@example.org, fresh-chief@example.org',
        ADMIN_TELEGRAM_IDS: '7700001',
      },
    });
  });
  afterAll(async () => {
    await app.stop();
    await botApi.stop();
    await google.close();
  });

  const signInWithGoogle = async (client: TestClient, email: string): Promise<TestResponse> =>
    client.post('/api/auth/login', { credential: await google.idToken(email) });
  const revoke = (ref: string) => setAdmin(app.deps.prisma, parseAdminRef(ref)!, false);
  const grant = (ref: string) => setAdmin(app.deps.prisma, parseAdminRef(ref)!, true);

  /** Every organiser power over event `id`, as the calls that use it. */
  function organiserCalls(id: number, attendee: User): Call[] {
    return [
      {
        name: 'edit',
        method: 'PATCH',
        path: `/api/events/${id}`,
        body: eventBody({ name: 'Taken over', isPublic: false }),
      },
      { name: 'edit following', method: 'PATCH', path: `/api/events/${id}?scope=following`, body: eventBody() },
      { name: 'list invitations', method: 'GET', path: `/api/events/${id}/invitations` },
      { name: 'invite', method: 'POST', path: `/api/events/${id}/invitations`, body: { userIds: [attendee.id] } },
      { name: 'attendee CSV', method: 'GET', path: `/api/events/${id}/attendees.csv` },
      {
        name: 'message',
        method: 'POST',
        path: `/api/events/${id}/messages`,
        body: { audience: 'attending', text: 'Hi' },
      },
      { name: 'check in by id', method: 'POST', path: `/api/events/${id}/check-in`, body: { userId: attendee.id } },
      {
        name: 'check in by pass',
        method: 'POST',
        path: `/api/events/${id}/check-in`,
        body: { pass: issuePass(app.deps.secrets, id, attendee.id) },
      },
      { name: 'undo check-in', method: 'DELETE', path: `/api/events/${id}/check-in/${attendee.id}` },
      { name: 'share', method: 'POST', path: `/api/events/${id}/share`, body: {} },
      // Last: were it allowed, the calls after it would find no event.
      { name: 'delete', method: 'DELETE', path: `/api/events/${id}` },
    ];
  }

  it('When an event’s creator loses the admin role, then every organiser call on their event is 403 and changes nothing; granted again, it works', async () => {
    counter += 1;
    const { user: creator, client } = await app.signedIn({
      isAdmin: true,
      name: 'Former organiser',
      googleEmail: `former-${counter}-${kind}@example.org`,
      telegramId: String(7_800_000 + counter),
    });
    const created = await client.post(
      '/api/events',
      eventBody({ name: 'Sleepover', location: 'Flat 3B', isPublic: false }),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const { user: attendee, client: attendeeClient } = await app.signedIn({ hideFromAttendees: true });
    expect((await client.post(`/api/events/${id}/invitations`, { userIds: [attendee.id] })).status).toBe(200);
    expect((await attendeeClient.post(`/api/events/${id}/attend`, { status: 'attending' })).status).toBe(200);
    // While admin, the creator sees the hidden attendee's name, as organisers do.
    expect((await client.get(`/api/events/${id}/attendees`)).text).toContain(attendee.name);

    expect((await revoke(creator.googleEmail!))?.isAdmin).toBe(false);

    const outcomes: Record<string, number> = {};
    for (const call of [
      ...organiserCalls(id, attendee),
      { name: 'create', method: 'POST', path: '/api/events', body: eventBody() } satisfies Call,
    ]) {
      const res = await client.request(call.method, call.path, call.body);
      outcomes[call.name] = res.status;
      if (res.status === 403) expect(typeof res.body.error, call.name).toBe('string');
    }
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(outcomes).map((name) => [name, 403])));

    // Nothing changed, nothing was sent, and organiser-only details are gone from what they may still read.
    const stored = await app.deps.prisma.event.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ name: 'Sleepover', location: 'Flat 3B', isPublic: false });
    expect(await app.deps.prisma.invitation.count({ where: { eventId: id } })).toBe(1);
    expect(await app.deps.prisma.notificationJob.count({ where: { eventId: id, kind: 'event_message' } })).toBe(0);
    expect(await app.deps.prisma.attendance.count({ where: { eventId: id, checkedInAt: { not: null } } })).toBe(0);
    expect(botApi.callsOf('savePreparedInlineMessage')).toHaveLength(0);
    const attendees = await client.get(`/api/events/${id}/attendees`);
    expect(attendees.status).toBe(200);
    expect(attendees.text).not.toContain(attendee.name);

    // The role is read on every request: granted again, the same session may manage again.
    await grant(creator.googleEmail!);
    expect((await client.get(`/api/events/${id}/invitations`)).status).toBe(200);
  });

  it('When an ADMIN_EMAILS admin is revoked with the CLI, then signing in again, a restart or a Mini App request does not make them admin again', async () => {
    const browser = app.anonymous();
    const first = await signInWithGoogle(browser, 'chief@example.org');
    expect(first.status).toBe(200);
    expect(first.body.isAdmin).toBe(true);

    expect((await revoke('chief@example.org'))?.isAdmin).toBe(false);
    expect((await browser.get('/api/users/me')).body.isAdmin).toBe(false);

    const again = app.anonymous();
    const second = await signInWithGoogle(again, 'chief@example.org');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, isAdmin: false });
    expect((await again.post('/api/events', eventBody())).status).toBe(403);

    // The server's start-up grant from the same list leaves the decided account alone.
    await bootstrapAdmins(app.deps);
    expect((await again.get('/api/users/me')).body.isAdmin).toBe(false);

    // Revoking by Telegram id holds against ADMIN_TELEGRAM_IDS on every Mini App request too.
    const user = JSON.stringify({ id: 7_700_001, first_name: 'Chief', last_name: 'Telegram' });
    const initData = signInitData({ auth_date: String(nowSeconds()), user }, TEST_BOT_TOKEN);
    expect((await app.anonymous().get('/api/users/me', tma(initData))).body.isAdmin).toBe(true);
    await revoke('telegram:7700001');
    for (let n = 0; n < 2; n += 1) {
      expect((await app.anonymous().get('/api/users/me', tma(initData))).body.isAdmin).toBe(false);
    }
    await bootstrapAdmins(app.deps);
    expect((await app.anonymous().get('/api/users/me', tma(initData))).body.isAdmin).toBe(false);
  });

  it('When a brand-new account matches ADMIN_EMAILS, then it still becomes admin, and the CLI can grant a revoked one again', async () => {
    const browser = app.anonymous();
    const res = await signInWithGoogle(browser, 'Fresh-Chief@example.org');
    expect(res.status).toBe(200);
    expect(res.body.isAdmin).toBe(true);
    expect((await browser.post('/api/events', eventBody())).status).toBe(201);

    await revoke('fresh-chief@example.org');
    await grant('fresh-chief@example.org');
    await signInWithGoogle(browser, 'fresh-chief@example.org');
    expect((await browser.get('/api/users/me')).body.isAdmin).toBe(true);
  });
});
