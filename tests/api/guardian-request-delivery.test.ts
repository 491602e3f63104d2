// Asking a parent tells the truth about the email: without email sending (no SMTP settings, or "Enable email
// sending" off) nothing is queued and the answer says `link_only`; with a real local SMTP server the email is
// queued and the answer says `email`. Both carry the consent link for the child to pass on herself, the child
// can read it again later with what became of the email, and the link works like the emailed one.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { DATABASE_KINDS } from '../support/databases';
import { TestClient } from '../support/http-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');
const LINK = /^http:\/\/[^/]+\/guardian\/consent\?token=[A-Za-z0-9_-]{20,}$/;

describe.each(DATABASE_KINDS)('What a guardian request says about its email on %s', (kind) => {
  let smtp: TestSmtpServer;
  let app: NotifyApp;
  let admin: { user: User; client: TestClient };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startNotifyApp(kind);
  });
  afterAll(async () => {
    await app.stop();
    await smtp.stop();
  });
  beforeEach(async () => {
    app.setNow(NOW);
    await app.reset();
    smtp.messages.length = 0;
    smtp.rejectRecipients.clear();
    // Email settings outlive the other rows' reset: each test starts with none.
    await app.deps.prisma.smtpSettings.deleteMany();
    admin = await app.admin({ role: 'admin' });
  });

  const child = () => app.signedIn({ name: 'Tilly Child', birthDate: CHILD_BIRTH });

  it('When no email is set up, then the answer says link_only with the link, nothing is queued and the link works', async () => {
    const tilly = await child();
    const asked = await tilly.client.post('/api/users/me/guardians', { email: 'parent@example.org' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'sent', delivery: 'link_only' });
    expect(asked.body.link).toMatch(LINK);
    expect(await app.deps.prisma.outboxMessage.count({ where: { kind: 'guardian_consent' } })).toBe(0);
    await app.worker().drain();
    expect(smtp.messages).toHaveLength(0);

    const state = await tilly.client.get('/api/users/me/guardians');
    expect(state.status).toBe(200);
    expect(state.headers.get('cache-control')).toBe('no-store');
    expect(state.body).toEqual({
      request: {
        sentTo: 'parent@example.org',
        delivery: 'link_only',
        email: null,
        link: asked.body.link,
        expiresAt: asked.body.expiresAt,
      },
      emailEnabled: false,
    });

    // The link the child passes on is the consent link itself; a leader still confirms (the default).
    const path = new URL(asked.body.link as string).pathname + new URL(asked.body.link as string).search;
    const read = await new TestClient(app.url).get(`/api${path}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ child: { name: 'Tilly Child' } });
    const token = new URL(asked.body.link as string).searchParams.get('token');
    expect((await tilly.client.post('/api/guardian/consent', { token })).status).toBe(403);
    const parent = await app.signedIn({ name: 'Gina Parent' });
    const given = await parent.client.post('/api/guardian/consent', { token });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ awaitingVerification: true });
    expect((await tilly.client.get('/api/users/me/guardians')).body).toEqual({ request: null, emailEnabled: false });
  });

  it('When email is saved but switched off, then the answer says link_only too', async () => {
    await app.saveSmtp(admin.client, smtp.port, false);
    const tilly = await child();
    const asked = await tilly.client.post('/api/users/me/guardians', { email: 'parent@example.org' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ delivery: 'link_only' });
    expect(asked.body.link).toMatch(LINK);
    await app.worker().drain();
    expect(smtp.messages).toHaveLength(0);
  });

  it('When email is set up, then the answer says email with the same link the parent gets, and the state follows the email', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    const tilly = await child();
    const asked = await tilly.client.post('/api/users/me/guardians', { email: 'parent@example.org' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'sent', delivery: 'email' });
    expect(asked.body.link).toMatch(LINK);
    expect((await tilly.client.get('/api/users/me/guardians')).body).toMatchObject({
      request: { delivery: 'email', email: 'queued', link: asked.body.link },
      emailEnabled: true,
    });

    await app.worker().drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['parent@example.org']);
    expect(mail!.text).toContain(asked.body.link as string);
    expect((await tilly.client.get('/api/users/me/guardians')).body).toMatchObject({
      request: { delivery: 'email', email: 'sent' },
    });
  });

  it('When the parent’s mail server refuses the email, then the child reads that it failed and still has the link', async () => {
    await app.saveSmtp(admin.client, smtp.port);
    smtp.rejectRecipients.add('nobody@example.org');
    const tilly = await child();
    const asked = await tilly.client.post('/api/users/me/guardians', { email: 'nobody@example.org' });
    expect(asked.body).toMatchObject({ delivery: 'email' });
    await app.worker().drain();
    expect((await tilly.client.get('/api/users/me/guardians')).body).toMatchObject({
      request: { sentTo: 'nobody@example.org', delivery: 'email', email: 'failed', link: asked.body.link },
    });
  });

  it('When a member has no open request, then the state is empty', async () => {
    const tilly = await child();
    expect((await tilly.client.get('/api/users/me/guardians')).body).toEqual({ request: null, emailEnabled: false });
    const signedOut = await new TestClient(app.url).get('/api/users/me/guardians');
    expect(signedOut.status).toBe(401);
  });
});
