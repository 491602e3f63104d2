// The organisers' and admins' actions that the governance rules name are each recorded in the audit log, by
// whom and on what, and nothing secret goes into an entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

interface Entry {
  actor: { id: number; name: string } | null;
  action: string;
  subject: { type: string; id: string };
  details: Record<string, unknown>;
}

describe.each(DATABASE_KINDS)('audit entries of organisers and admins on %s', (kind) => {
  let app: TestApp;
  let admin: { user: { id: number }; client: TestClient };

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = await app.signedIn({ isAdmin: true, name: 'Avery Admin' });
  });
  afterAll(() => app.stop());

  async function entries(action: string): Promise<Entry[]> {
    const res = await admin.client.get(`/api/admin/audit?action=${action}`);
    expect(res.status).toBe(200);
    return res.body.entries as Entry[];
  }

  it('When an organiser exports attendees, messages them and deletes the event, then each is recorded', async () => {
    const created = await admin.client.post('/api/events', eventBody({ name: 'Lantern walk' }));
    const id = created.body.id as number;
    expect((await admin.client.get(`/api/events/${id}/attendees.csv`)).status).toBe(200);
    const sent = await admin.client.post(`/api/events/${id}/messages`, { audience: 'attending', text: 'See you' });
    expect(sent.status).toBe(202);
    expect((await admin.client.delete(`/api/events/${id}`)).status).toBe(204);

    const subject = { type: 'event', id: String(id) };
    const actor = { id: admin.user.id, name: 'Avery Admin' };
    expect(await entries('attendees.exported')).toEqual([
      expect.objectContaining({ actor, subject, details: { rows: 0 } }),
    ]);
    expect(await entries('message.sent')).toEqual([
      expect.objectContaining({ actor, subject, details: { audience: 'attending', recipients: 0 } }),
    ]);
    expect(await entries('event.deleted')).toEqual([
      expect.objectContaining({ actor, subject, details: { name: 'Lantern walk', scope: 'this' } }),
    ]);
  });

  it('When an admin changes templates and email settings, then each change is recorded without the password', async () => {
    const template = { type: 'event_created', channel: 'email', template: 'New: {{eventName}}' };
    const saved = await admin.client.post('/api/notification-templates', template);
    expect(saved.status).toBe(201);
    // A refused write (the same type and channel again) records nothing.
    expect((await admin.client.post('/api/notification-templates', template)).status).toBe(409);
    expect((await admin.client.delete(`/api/notification-templates/${saved.body.id}`)).status).toBe(200);
    const smtp = await admin.client.post('/api/smtp-settings', {
      host: 'smtp.example.org',
      port: 465,
      secure: true,
      auth_user: 'mailer',
      auth_pass: 'correct horse battery staple',
      from_email: 'events@example.org',
      from_name: 'Community Events',
      enabled: true,
    });
    expect(smtp.status).toBe(200);

    const changes = await entries('settings.changed');
    expect(changes.map((entry) => [entry.subject.id, entry.details])).toEqual([
      ['smtp', { host: 'smtp.example.org', enabled: true, passwordChanged: true }],
      ['notification_templates', { change: `deleted template ${saved.body.id}` }],
      ['notification_templates', { change: 'created event_created email en' }],
    ]);
    expect(JSON.stringify(changes)).not.toContain('correct horse');
  });
});
