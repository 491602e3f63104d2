import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationTriggers } from '../../api/src/modules/notifications/triggers';
import { silentTriggers } from '../support/triggers';
import { DATABASE_KINDS } from '../support/databases';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, type TestApp } from '../support/test-app';

interface SentLink {
  userId: number;
  email: string;
  confirmUrl: string;
}

/** The notifications seam: records the confirmation links instead of emailing them. */
function recordingTriggers(sent: SentLink[]): NotificationTriggers {
  return {
    ...silentTriggers,
    emailLinkRequested: async (input) => {
      sent.push(input);
    },
  };
}

describe.each(DATABASE_KINDS)('Linking an email on %s', (kind) => {
  let google: FakeGoogle;
  let app: TestApp;
  const sent: SentLink[] = [];
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startTestApp(kind, {
      env: { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl, ADMIN_EMAILS: 'chief@example.org' },
      notifications: recordingTriggers(sent),
    });
  });
  afterAll(async () => {
    await app.stop();
    await google.close();
  });
  beforeEach(() => {
    sent.length = 0;
    app.setNow(new Date());
  });

  /** The confirmation page's form target: where its Confirm button posts. */
  const formAction = (html: string) => /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');

  /**
   * Opens a confirmation link the way its owner does: the page (a plain GET from another browser), then its
   * Confirm button, a same-origin form post without fields.
   */
  async function open(confirmUrl: string) {
    const browser = app.anonymous();
    const page = await browser.get(confirmUrl.slice(app.url.length));
    if (page.status !== 200) return page;
    return browser.post(formAction(page.text)!, undefined, { headers: { origin: app.url } });
  }

  it('When a mail scanner fetches the emailed link, then nothing is confirmed until its owner presses Confirm', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'scanned@example.org' });
    const path = sent[0]!.confirmUrl.slice(app.url.length);

    const page = await app.anonymous().get(path);
    const head = await app.anonymous().request('HEAD', path);

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('Confirm email address');
    expect(formAction(page.text)).toBe(path);
    expect(head.status).toBe(200);
    expect((await client.get('/api/users/me')).body).toMatchObject({
      email: null,
      pendingEmail: 'scanned@example.org',
    });

    const confirmed = await app.anonymous().post(formAction(page.text)!, undefined, { headers: { origin: app.url } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/settings?emailLinked=1');
    expect((await client.get('/api/users/me')).body).toMatchObject({
      email: 'scanned@example.org',
      pendingEmail: null,
    });
  });

  it('When the Confirm form is posted from another site, then it is refused and nothing is confirmed', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'forged@example.org' });
    const path = sent[0]!.confirmUrl.slice(app.url.length);

    const res = await app.anonymous().post(path, undefined, { headers: { origin: 'https://evil.example' } });

    expect(res.status).toBe(403);
    expect((await client.get('/api/users/me')).body).toMatchObject({ email: null, pendingEmail: 'forged@example.org' });
  });

  it('When a signed-in user links an email and opens the emailed link, then the email becomes a sign-in identity', async () => {
    const { client, user } = await app.signedIn({ name: 'Tele Only', telegramId: '9001' });
    const res = await client.post('/api/auth/link-accounts', { email: ' Tele@Example.org ' });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'pending', email: 'tele@example.org' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ userId: user.id, email: 'tele@example.org' });
    expect(sent[0]!.confirmUrl).toMatch(new RegExp(`^${app.url}/api/auth/confirm-email\\?token=[A-Za-z0-9_-]{40,}$`));
    const pending = await client.get('/api/users/me');
    expect(pending.body).toMatchObject({ email: null, pendingEmail: 'tele@example.org' });

    const confirmed = await open(sent[0]!.confirmUrl);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/settings?emailLinked=1');
    expect((await client.get('/api/users/me')).body).toMatchObject({ email: 'tele@example.org', pendingEmail: null });

    const viaGoogle = await app
      .anonymous()
      .post('/api/auth/login', { credential: await google.idToken('tele@example.org') });
    expect(viaGoogle.status).toBe(200);
    expect(viaGoogle.body.id).toBe(user.id);
    expect(viaGoogle.body.name).toBe('Tele Only');
  });

  it('When two accounts hold the same linked address, then the database lets only one of them have it confirmed', async () => {
    const email = `shared-${kind}@example.org`;
    const first = await app.deps.prisma.user.create({
      data: { name: 'First', linkedEmail: email, linkedEmailConfirmed: true },
    });
    const second = await app.deps.prisma.user.create({ data: { name: 'Second', linkedEmail: email } });
    await expect(
      app.deps.prisma.user.update({ where: { id: second.id }, data: { linkedEmailConfirmed: true } }),
    ).rejects.toThrow();
    const confirmed = await app.deps.prisma.user.findMany({
      where: { linkedEmail: email, linkedEmailConfirmed: true },
    });
    expect(confirmed.map((user) => user.id)).toEqual([first.id]);
  });

  it('When the emailed link is opened a second time, then it is refused', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'twice@example.org' });
    expect((await open(sent[0]!.confirmUrl)).headers.get('location')).toBe('/settings?emailLinked=1');
    const again = await open(sent[0]!.confirmUrl);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/settings?emailLinked=0');
  });

  it('When the link is unconfirmed, then Google sign-in with that email does not reach the linking user', async () => {
    const { client, user } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'claimed@example.org' });
    const viaGoogle = await app
      .anonymous()
      .post('/api/auth/login', { credential: await google.idToken('claimed@example.org') });
    expect(viaGoogle.status).toBe(200);
    expect(viaGoogle.body.id).not.toBe(user.id);
    // The address now belongs to its Google owner: the stale link can no longer claim it.
    expect((await open(sent[0]!.confirmUrl)).headers.get('location')).toBe('/settings?emailLinked=0');
    const me = await client.get('/api/users/me');
    expect(me.body.email).toBeNull();
  });

  it('When the link is opened after 24 hours, then it is refused and the email stays unconfirmed', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'late@example.org' });
    app.setNow(new Date(Date.now() + 24 * 3600_000 + 60_000));
    expect((await open(sent[0]!.confirmUrl)).headers.get('location')).toBe('/settings?emailLinked=0');
    app.setNow(new Date());
    expect((await client.get('/api/users/me')).body).toMatchObject({ email: null, pendingEmail: 'late@example.org' });
  });

  it('When the user asked for another address since, then the older link no longer confirms anything', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'first@example.org' });
    await client.post('/api/auth/link-accounts', { email: 'second@example.org' });
    expect((await open(sent[0]!.confirmUrl)).headers.get('location')).toBe('/settings?emailLinked=0');
    expect((await open(sent[1]!.confirmUrl)).headers.get('location')).toBe('/settings?emailLinked=1');
    expect((await client.get('/api/users/me')).body.email).toBe('second@example.org');
  });

  it('When the token is malformed or missing, then opening the link redirects to say it failed', async () => {
    for (const path of [
      '/api/auth/confirm-email?token=nope',
      '/api/auth/confirm-email',
      '/api/auth/confirm-email?token=',
      '/api/auth/confirm-email?token=a&token=b',
      `/api/auth/confirm-email?token=${encodeURIComponent('"><script>x</script>'.repeat(3))}`,
    ]) {
      const res = await app.anonymous().get(path);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/settings?emailLinked=0');
    }
  });

  it('When an unknown token is confirmed, then the redirect says the link failed', async () => {
    const res = await open(`${app.url}/api/auth/confirm-email?token=${'x'.repeat(43)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/settings?emailLinked=0');
  });

  it('When the email is already another user’s sign-in email, then it is 409 and nothing is stored or sent', async () => {
    await app.signedIn({ googleEmail: 'taken@example.org' });
    const { client, user } = await app.signedIn();
    const before = await app.deps.prisma.emailLinkRequest.count();
    const res = await client.post('/api/auth/link-accounts', { email: 'TAKEN@example.org' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: expect.any(String),
      error: 'This email address is already used by another account.',
    });
    expect(sent).toHaveLength(0);
    expect(await app.deps.prisma.emailLinkRequest.count()).toBe(before);
    expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).linkedEmail).toBeNull();
  });

  it('When the email is not an email, then it is 400 with the form message and nothing is stored', async () => {
    const { client } = await app.signedIn();
    const before = await app.deps.prisma.emailLinkRequest.count();
    for (const email of ['not-an-email', '', 42, `${'a'.repeat(300)}@example.org`]) {
      const res = await client.post('/api/auth/link-accounts', { email });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Please enter a valid email address' });
    }
    expect(await app.deps.prisma.emailLinkRequest.count()).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('When an ADMIN_EMAILS address is confirmed, then its user becomes admin', async () => {
    const { client } = await app.signedIn();
    await client.post('/api/auth/link-accounts', { email: 'chief@example.org' });
    expect((await client.get('/api/users/me')).body.isAdmin).toBe(false);
    await open(sent[0]!.confirmUrl);
    expect((await client.get('/api/users/me')).body.isAdmin).toBe(true);
  });

  it('When one user asks for more than 5 email links in an hour, then the sixth is 429 and not sent', async () => {
    const { client } = await app.signedIn();
    const statuses: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      statuses.push((await client.post('/api/auth/link-accounts', { email: `spam${n}@example.org` })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(sent).toHaveLength(5);
    expect((await client.get('/api/users/me')).body.pendingEmail).toBe('spam5@example.org');
  });

  it('When a member probes addresses through email linking, then taken or not each probe spends the hourly budget', async () => {
    await app.signedIn({ googleEmail: 'known-member@example.org' });
    const { client } = await app.signedIn();
    const statuses: number[] = [];
    for (const email of [
      'guess1@example.org',
      'known-member@example.org',
      'guess2@example.org',
      'guess3@example.org',
    ]) {
      statuses.push((await client.post('/api/auth/link-accounts', { email })).status);
    }
    statuses.push((await client.post('/api/auth/link-accounts', { email: 'known-member@example.org' })).status);
    const sixth = await client.post('/api/auth/link-accounts', { email: 'known-member@example.org' });
    expect(statuses).toEqual([202, 409, 202, 202, 409]);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).not.toContain('already used');
  });

  it('When nobody is signed in, then linking an email is 401', async () => {
    const res = await app.anonymous().post('/api/auth/link-accounts', { email: 'anon@example.org' });
    expect(res.status).toBe(401);
    expect(sent).toHaveLength(0);
  });
});

describe.each(DATABASE_KINDS)('Email link URLs with PUBLIC_URL on %s', (kind) => {
  let app: TestApp;
  const sent: SentLink[] = [];
  beforeAll(async () => {
    app = await startTestApp(kind, {
      env: { PUBLIC_URL: 'http://events.example.test/' },
      notifications: recordingTriggers(sent),
    });
  });
  afterAll(() => app.stop());

  it('When PUBLIC_URL is configured, then the emailed link points there', async () => {
    const { client } = await app.signedIn();
    const res = await client.post('/api/auth/link-accounts', { email: 'public@example.org' });
    expect(res.status).toBe(202);
    expect(sent[0]!.confirmUrl).toMatch(/^http:\/\/events\.example\.test\/api\/auth\/confirm-email\?token=/);
  });
});
