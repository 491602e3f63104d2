import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../api/src/system/housekeeping';
import { SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { DATABASE_KINDS } from '../support/databases';
import { TestClient } from '../support/http-client';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('Google sign-in and sessions on %s', (kind) => {
  let google: FakeGoogle;
  let app: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startTestApp(kind, {
      env: {
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_JWKS_URL: google.jwksUrl,
        ADMIN_EMAILS: 'Boss@Example.org',
      },
    });
  });
  afterAll(async () => {
    await app.stop();
    await google.close();
  });

  const userCount = () => app.deps.prisma.user.count();
  const sessionCount = () => app.deps.prisma.session.count();

  /** Posts a credential and checks that nobody was signed in and nothing was stored. */
  async function expectRefused(credential: string) {
    const [users, sessions] = [await userCount(), await sessionCount()];
    const client = app.anonymous();
    const res = await client.post('/api/auth/login', { credential, email: 'x@example.org', name: 'X' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Could not sign in with Google' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await userCount()).toBe(users);
    expect(await sessionCount()).toBe(sessions);
    expect((await client.get('/api/users/me')).status).toBe(401);
  }

  it('When a valid Google ID token is posted, then the browser is signed in as that Google user', async () => {
    const client = app.anonymous();
    const credential = await google.idToken('Ada@Example.org', { claims: { name: ' Ada Lovelace ' } });
    const res = await client.post('/api/auth/login', { credential });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.org', isAdmin: false });
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/sid=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const me = await client.get('/api/users/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, email: 'ada@example.org', googleConnected: true });
  });

  it('When the same Google account signs in again, then it is the same user, not a new one', async () => {
    const first = await app
      .anonymous()
      .post('/api/auth/login', { credential: await google.idToken('same@example.org') });
    const before = await userCount();
    const second = await app
      .anonymous()
      .post('/api/auth/login', { credential: await google.idToken('same@example.org') });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await userCount()).toBe(before);
  });

  it('When a new Google account signs in from several tabs at once, then exactly one user is created', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map(async () =>
        app.anonymous().post('/api/auth/login', { credential: await google.idToken('tabs@example.org') }),
      ),
    );
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((res) => res.body.id)).size).toBe(1);
    expect(await app.deps.prisma.user.count({ where: { googleEmail: 'tabs@example.org' } })).toBe(1);
  });

  it('When an email listed in ADMIN_EMAILS signs in, then that user is an admin', async () => {
    const client = app.anonymous();
    const res = await client.post('/api/auth/login', { credential: await google.idToken('boss@example.org') });
    expect(res.status).toBe(200);
    expect((await client.get('/api/users/me')).body).toMatchObject({ email: 'boss@example.org', isAdmin: true });
  });

  it('When the token signature is tampered with, then it is 401 and nobody is signed in', async () => {
    const token = await google.idToken('mallory@example.org');
    const [header, payload, signature] = token.split('.');
    const middle = Math.floor(signature!.length / 2);
    const flipped = signature![middle] === 'A' ? 'B' : 'A';
    await expectRefused(`${header}.${payload}.${signature!.slice(0, middle)}${flipped}${signature!.slice(middle + 1)}`);
  });

  it('When the payload is swapped under a valid signature, then it is 401', async () => {
    const token = await google.idToken('mallory@example.org');
    const other = Buffer.from(JSON.stringify({ email: 'boss@example.org' })).toString('base64url');
    const [header, , signature] = token.split('.');
    await expectRefused(`${header}.${other}.${signature}`);
  });

  it('When the token is signed by a key Google does not publish, then it is 401', async () => {
    await expectRefused(await google.idToken('forged@example.org', { foreignKey: true }));
  });

  it('When the token is for another app (wrong audience), then it is 401', async () => {
    await expectRefused(await google.idToken('aud@example.org', { claims: { aud: 'someone-else' } }));
  });

  it('When the token comes from another issuer, then it is 401', async () => {
    await expectRefused(await google.idToken('iss@example.org', { claims: { iss: 'https://evil.example' } }));
  });

  it('When the token has expired, then it is 401', async () => {
    const issuedAt = new Date(Date.now() - 3 * 3600_000);
    await expectRefused(
      await google.idToken('old@example.org', { issuedAt, expiresAt: new Date(issuedAt.getTime() + 3600_000) }),
    );
  });

  it('When the Google email is not verified, then it is 401', async () => {
    await expectRefused(await google.idToken('unverified@example.org', { claims: { email_verified: false } }));
  });

  it('When the credential is not a JWT at all, then it is 401', async () => {
    await expectRefused('not-a-token');
  });

  it('When only {email, name} is posted (the old client), then nobody is signed in', async () => {
    const before = await userCount();
    const client = app.anonymous();
    const res = await client.post('/api/auth/login', { email: 'boss@example.org', name: 'Boss' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Sign in with Google to continue' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await userCount()).toBe(before);
  });

  it('When a demo account is asked for outside demo mode, then it is refused', async () => {
    const client = app.anonymous();
    const res = await client.post('/api/auth/login', { demoAccount: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Demo accounts are not available' });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await app.deps.prisma.user.count({ where: { isDemo: true } })).toBe(0);
  });

  it('When the login body has wrong types, then it is 400 and nothing changes', async () => {
    const before = await userCount();
    const res = await app.anonymous().post('/api/auth/login', { credential: 42 });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await userCount()).toBe(before);
  });

  it('When a signed-in browser signs in again, then its session id is rotated and the old one stops working', async () => {
    const client = app.anonymous();
    await client.post('/api/auth/login', { credential: await google.idToken('rotate@example.org') });
    const oldSid = client.cookies.get(SESSION_COOKIE)!;
    await client.post('/api/auth/login', { credential: await google.idToken('rotate@example.org') });
    const newSid = client.cookies.get(SESSION_COOKIE)!;
    expect(newSid).toBeTruthy();
    expect(newSid).not.toBe(oldSid);
    expect((await client.get('/api/users/me')).status).toBe(200);
    const stale = new TestClient(app.url);
    stale.cookies.set(SESSION_COOKIE, oldSid);
    expect((await stale.get('/api/users/me')).status).toBe(401);
  });

  it('When a planted session id is present at sign-in, then it does not survive', async () => {
    const { client: victim } = await app.signedIn();
    const planted = victim.cookies.get(SESSION_COOKIE)!;
    await victim.post('/api/auth/login', { credential: await google.idToken('victim@example.org') });
    const attacker = new TestClient(app.url);
    attacker.cookies.set(SESSION_COOKIE, planted);
    expect((await attacker.get('/api/users/me')).status).toBe(401);
  });

  it('When a user logs out, then the session is deleted and the old cookie no longer works', async () => {
    const client = app.anonymous();
    await client.post('/api/auth/login', { credential: await google.idToken('leaver@example.org') });
    const sid = client.cookies.get(SESSION_COOKIE)!;
    const copy = new TestClient(app.url);
    copy.cookies.set(SESSION_COOKIE, sid);
    expect((await copy.get('/api/users/me')).status).toBe(200);

    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await copy.get('/api/users/me')).status).toBe(401);
  });

  it('When the session cookie is hostile (JSON, huge, unknown), then it is simply not a session', async () => {
    for (const value of ['j:{"a":1}', 'j:[1,2]', 'x'.repeat(4000), 'unknown-token']) {
      const client = new TestClient(app.url);
      client.cookies.set(SESSION_COOKIE, encodeURIComponent(value));
      const res = await client.get('/api/users/me');
      expect(res.status).toBe(401);
      const signIn = await client.post('/api/auth/login', { credential: await google.idToken('cookie@example.org') });
      expect(signIn.status).toBe(200);
      expect((await client.post('/api/auth/logout')).status).toBe(200);
    }
  });

  it('When housekeeping runs, then expired sessions are forgotten and live ones keep working', async () => {
    const { client: live } = await app.signedIn();
    const { client: stale, user } = await app.signedIn();
    await app.deps.prisma.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await stale.get('/api/users/me')).status).toBe(401);
    await pruneExpired(app.deps, app.system.services);
    expect(await app.deps.prisma.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await live.get('/api/users/me')).status).toBe(200);
  });

  it('When the sign-in configuration is asked for, then it names the Google client and no demo accounts', async () => {
    const res = await app.anonymous().get('/api/auth/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      googleClientId: google.clientId,
      telegramBotUsername: null,
      demoMode: false,
      demoAccounts: [],
    });
  });
});

describe.each(DATABASE_KINDS)('Demo mode and rate limits on %s', (kind) => {
  let demo: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    demo = await startTestApp(kind, { env: { DEMO_MODE: 'on' } });
    limited = await startTestApp(kind, { env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await demo.stop();
    await limited.stop();
  });

  it('When demo mode is on, then a demo account signs in and is labelled as demo', async () => {
    const client = demo.anonymous();
    const res = await client.post('/api/auth/login', { demoAccount: 'member' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Demo Member', isDemo: true, isAdmin: false });
    expect((await client.get('/api/users/me')).body).toMatchObject({ name: 'Demo Member' });
    const config = await demo.anonymous().get('/api/auth/config');
    expect(config.body.demoMode).toBe(true);
    expect(config.body.demoAccounts).toHaveLength(2);
  });

  it('When demo mode is on but no Google is configured, then a credential is refused clearly', async () => {
    const res = await demo.anonymous().post('/api/auth/login', { credential: 'abc.def.ghi' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: 'Google sign-in is not configured' });
  });

  it('When a fourth sign-in attempt comes within a minute at 3 per minute, then it gets 429', async () => {
    const client = limited.anonymous();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await client.post('/api/auth/login', { credential: 'x.y.z' })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses[3]).toBe(429);
    const res = await client.post('/api/auth/telegram-login', {});
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      code: expect.any(String),
      error: 'Too many requests. Please wait a minute and try again.',
    });
    expect(res.headers.get('retry-after')).toBe('60');
  });
});
