// The product as the composition root wires it, with nothing re-wired by the test: start() runs the real
// delivery worker and its reminder scan against a real SMTP server, and stop() ends them in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startNotifyApp, type NotifyApp } from './notify-app';

const HOUR = 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('the system as createSystem wires it on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The worker is the one the system starts itself.
    app = await startNotifyApp(kind, { env: { NOTIFICATIONS_WORKER_ENABLED: 'true', REMINDER_LEAD_HOURS: '24' } });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it("When an admin creates an event and a member attends, then the system's own worker sends the announcement and the reminder, and stop() ends it", async () => {
    expect(app.system.worker).not.toBeNull();
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    const member = await app.signedIn({
      name: 'Wired Member',
      googleEmail: `wired-${kind}@example.org`,
      notificationPrefs: ['email'],
    });

    // Within the reminder window (24 h), so the worker's reminder scan picks it up once the member attends.
    const created = await admin.client.post('/api/events', {
      name: 'Wired Meetup',
      description: 'Testing the real wiring.',
      date: new Date(Date.now() + 3 * HOUR).toISOString(),
      location: 'Hall A',
      imageUrl: '/images/events/campfire.svg',
      isPublic: true,
    });
    expect(created.status).toBe(201);
    const toMember = () => smtp.messages.filter((mail) => mail.envelopeTo.includes(`wired-${kind}@example.org`));
    await expect.poll(() => toMember().length, { timeout: 20_000 }).toBe(1);
    expect(toMember()[0]!.subject).toContain('Wired Meetup');

    expect((await member.client.post(`/api/events/${created.body.id}/attend`, { status: 'attending' })).status).toBe(
      200,
    );
    // The system scans for due reminders at most every 30 s of its clock: let that much time pass.
    app.setNow(new Date(Date.now() + 31_000));
    await expect.poll(() => toMember().length, { timeout: 20_000 }).toBe(2);
    expect(toMember()[1]!.text).toContain('Wired Meetup');

    await app.system.stop();
    const afterStop = await fetch(`${app.url}/api/health`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(afterStop).toBe('refused');
  });
});
