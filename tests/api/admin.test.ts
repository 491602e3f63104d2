import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSmtpForDelivery } from '../../api/src/modules/admin/smtp-settings-service';
import { findTemplate } from '../../api/src/modules/admin/templates-repository';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN_ONLY = 'Only administrators can perform this action.';
const NOT_SIGNED_IN = 'You need to be logged in to perform this action.';

describe.each(DATABASE_KINDS)('admin API on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let member: TestClient;
  let adminUser: User;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const signedInAdmin = await app.signedIn({ name: 'Admin', isAdmin: true });
    adminUser = signedInAdmin.user;
    admin = signedInAdmin.client;
    member = (await app.signedIn({ name: 'Member' })).client;
  });
  afterAll(() => app.stop());

  describe('notification templates', () => {
    const templatesInDb = () =>
      app.deps.prisma.notificationTemplate.findMany({
        select: { id: true, type: true, channel: true, template: true },
        orderBy: { id: 'asc' },
      });

    beforeEach(async () => {
      await app.deps.prisma.notificationTemplate.deleteMany({});
    });

    const created = {
      type: 'event_created',
      channel: 'email',
      template: 'New event {{eventName}} on {{eventDate}} at {{eventLocation}}',
    };

    it('When there are none, then the admin gets an empty list', async () => {
      const res = await admin.get('/api/notification-templates');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    });

    it('When an admin creates a template, then it is returned with an id and listed', async () => {
      const res = await admin.post('/api/notification-templates', created);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(Number), ...created, language: 'en' });
      const list = await admin.get('/api/notification-templates');
      expect(list.body).toEqual([res.body]);
      expect(await findTemplate(app.deps.prisma, 'event_created', 'email', 'en')).toEqual({
        template: created.template,
      });
      expect(await findTemplate(app.deps.prisma, 'event_created', 'sms', 'en')).toBeNull();
    });

    it('When every type and channel has a template, then the list holds all four in type and channel order', async () => {
      for (const [type, channel] of [
        ['event_updated', 'sms'],
        ['event_created', 'sms'],
        ['event_updated', 'email'],
        ['event_created', 'email'],
      ]) {
        const res = await admin.post('/api/notification-templates', {
          type,
          channel,
          template: `${type} via ${channel}`,
        });
        expect(res.status).toBe(201);
      }
      const list = await admin.get('/api/notification-templates');
      expect(list.body.map((item: { type: string; channel: string }) => `${item.type}/${item.channel}`)).toEqual([
        'event_created/email',
        'event_created/sms',
        'event_updated/email',
        'event_updated/sms',
      ]);
    });

    it('When a template for the same type and channel exists, then creating another is 409 and changes nothing', async () => {
      await admin.post('/api/notification-templates', created);
      const before = await templatesInDb();
      const res = await admin.post('/api/notification-templates', { ...created, template: 'Another one for it' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: expect.any(String),
        error: 'A template for this type and channel already exists',
      });
      expect(await templatesInDb()).toEqual(before);
    });

    it('When an admin edits a template, then the change is returned and stored', async () => {
      const { body: template } = await admin.post('/api/notification-templates', created);
      const changes = { type: 'event_updated', channel: 'sms', template: '{{eventName}} changed: {{updateType}}' };
      const res = await admin.patch(`/api/notification-templates/${template.id}`, changes);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: template.id, ...changes, language: 'en' });
      expect(await templatesInDb()).toEqual([{ id: template.id, ...changes }]);
      expect(await findTemplate(app.deps.prisma, 'event_updated', 'sms', 'en')).toEqual({ template: changes.template });
    });

    it('When an edit would duplicate another template, then it is 409 and changes nothing', async () => {
      await admin.post('/api/notification-templates', created);
      const { body: sms } = await admin.post('/api/notification-templates', { ...created, channel: 'sms' });
      const before = await templatesInDb();
      const res = await admin.patch(`/api/notification-templates/${sms.id}`, created);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        code: expect.any(String),
        error: 'A template for this type and channel already exists',
      });
      expect(await templatesInDb()).toEqual(before);
    });

    it('When an admin deletes a template, then it is gone, and deleting it again is 404', async () => {
      const { body: template } = await admin.post('/api/notification-templates', created);
      const res = await admin.delete(`/api/notification-templates/${template.id}`);
      expect(res.status).toBe(200);
      expect(await templatesInDb()).toEqual([]);
      const again = await admin.delete(`/api/notification-templates/${template.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ code: expect.any(String), error: 'Template not found' });
    });

    it('When the template id does not exist or is not a number, then edit and delete answer 4xx and change nothing', async () => {
      const { body: template } = await admin.post('/api/notification-templates', created);
      const before = await templatesInDb();
      const unknown = template.id + 1000;
      expect((await admin.patch(`/api/notification-templates/${unknown}`, created)).status).toBe(404);
      expect((await admin.delete(`/api/notification-templates/${unknown}`)).status).toBe(404);
      for (const id of ['abc', '-1', '0', '1.5', '99999999999', '1e3', '%20']) {
        const patch = await admin.patch(`/api/notification-templates/${id}`, created);
        expect(patch.status).toBe(400);
        expect(patch.body).toEqual({ code: expect.any(String), error: 'Invalid template id' });
        expect((await admin.delete(`/api/notification-templates/${id}`)).status).toBe(400);
      }
      expect(await templatesInDb()).toEqual(before);
    });

    it.each([
      ['no type', { channel: 'email', template: 'A long enough template' }, 'Please select a template type'],
      ['an unknown type', { ...created, type: 'event_deleted' }, 'Please select a template type'],
      [
        'no channel',
        { type: 'event_created', template: 'A long enough template' },
        'Please select a notification channel',
      ],
      ['the telegram channel', { ...created, channel: 'telegram' }, 'Please select a notification channel'],
      ['a short template', { ...created, template: 'too short' }, 'Template must be at least 10 characters'],
      ['a padded short template', { ...created, template: '   short    ' }, 'Template must be at least 10 characters'],
      ['no template', { type: 'event_created', channel: 'email' }, 'Template must be at least 10 characters'],
      ['a numeric template', { ...created, template: 1234567890123 }, 'Template must be at least 10 characters'],
      ['a huge template', { ...created, template: 'x'.repeat(20_000) }, 'Template must be at most 5000 characters'],
    ])(
      'When the template has %s, then create and edit answer 400 with the message and change nothing',
      async (_label, body, message) => {
        const { body: existing } = await admin.post('/api/notification-templates', { ...created, channel: 'sms' });
        const before = await templatesInDb();
        const create = await admin.post('/api/notification-templates', body);
        expect(create.status).toBe(400);
        expect(create.body).toEqual({ code: expect.any(String), error: message });
        const edit = await admin.patch(`/api/notification-templates/${existing.id}`, body);
        expect(edit.status).toBe(400);
        expect(edit.body).toEqual({ code: expect.any(String), error: message });
        expect(await templatesInDb()).toEqual(before);
      },
    );

    it('When an admin writes a template in German beside the English one, then both are kept and listed by language', async () => {
      const english = await admin.post('/api/notification-templates', created);
      const german = await admin.post('/api/notification-templates', {
        ...created,
        template: 'Neues Event {{eventName}} am {{eventDate}}',
        language: 'de',
      });
      expect(german.status).toBe(201);
      expect(german.body).toEqual({
        id: expect.any(Number),
        ...created,
        template: 'Neues Event {{eventName}} am {{eventDate}}',
        language: 'de',
      });
      const list = await admin.get('/api/notification-templates');
      expect(list.body).toEqual([german.body, english.body]);
      expect(await findTemplate(app.deps.prisma, 'event_created', 'email', 'de')).toEqual({
        template: 'Neues Event {{eventName}} am {{eventDate}}',
      });
    });

    it('When a template of the same type, channel and language exists, then creating or moving another there is 409 and changes nothing', async () => {
      await admin.post('/api/notification-templates', { ...created, language: 'de' });
      const { body: english } = await admin.post('/api/notification-templates', created);
      const before = await templatesInDb();
      const duplicate = { code: 'template_exists', error: MSG.templateExists };

      const create = await admin.post('/api/notification-templates', {
        ...created,
        template: 'Noch eine Vorlage',
        language: 'de',
      });
      expect(create.status).toBe(409);
      expect(create.body).toEqual(duplicate);
      const move = await admin.patch(`/api/notification-templates/${english.id}`, { ...created, language: 'de' });
      expect(move.status).toBe(409);
      expect(move.body).toEqual(duplicate);
      expect(await templatesInDb()).toEqual(before);
    });

    it('When an edit names a language, then the template moves to it; without one it keeps its own', async () => {
      const { body: template } = await admin.post('/api/notification-templates', { ...created, language: 'fr' });
      const kept = await admin.patch(`/api/notification-templates/${template.id}`, {
        ...created,
        template: 'Nouvel événement : {{eventName}}',
      });
      expect(kept.status).toBe(200);
      expect(kept.body).toMatchObject({ template: 'Nouvel événement : {{eventName}}', language: 'fr' });
      const moved = await admin.patch(`/api/notification-templates/${template.id}`, { ...created, language: 'es' });
      expect(moved.status).toBe(200);
      expect(moved.body).toEqual({ id: template.id, ...created, language: 'es' });
    });

    it('When a new template names no language, then it is written in the organisation’s', async () => {
      const { prisma } = app.deps;
      await prisma.organisationSettings.create({
        data: { membershipMode: 'open', consentAge: 16, requireBirthDate: false, defaultLanguage: 'uk' },
      });
      try {
        const res = await admin.post('/api/notification-templates', created);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ language: 'uk' });
      } finally {
        await prisma.organisationSettings.deleteMany();
      }
    });

    it.each([['pt'], ['EN'], ['de-AT'], [''], [7], [null]])(
      'When the template’s language is %j, then create and edit answer 400 naming the languages and change nothing',
      async (language) => {
        const { body: existing } = await admin.post('/api/notification-templates', { ...created, channel: 'sms' });
        const before = await templatesInDb();
        const refused = { code: 'template_language_unsupported', error: MSG.templateLanguageUnsupported };
        const create = await admin.post('/api/notification-templates', { ...created, language });
        expect(create.status).toBe(400);
        expect(create.body).toEqual(refused);
        const edit = await admin.patch(`/api/notification-templates/${existing.id}`, { ...created, language });
        expect(edit.status).toBe(400);
        expect(edit.body).toEqual(refused);
        expect(await templatesInDb()).toEqual(before);
      },
    );

    it('When the JSON is malformed, then it answers 400 and changes nothing', async () => {
      const res = await admin.post('/api/notification-templates', undefined, { rawBody: '{"type": "event_created",' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
      expect(await templatesInDb()).toEqual([]);
    });

    it('When a member or a visitor calls any template endpoint, then it is 403 or 401 and changes nothing', async () => {
      const { body: template } = await admin.post('/api/notification-templates', created);
      const before = await templatesInDb();
      const calls = (client: TestClient) => [
        client.get('/api/notification-templates'),
        client.post('/api/notification-templates', { ...created, channel: 'sms' }),
        client.patch(`/api/notification-templates/${template.id}`, { ...created, template: 'Hijacked template text' }),
        client.delete(`/api/notification-templates/${template.id}`),
      ];
      for (const res of await Promise.all(calls(member))) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: expect.any(String), error: ADMIN_ONLY });
      }
      for (const res of await Promise.all(calls(app.anonymous()))) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ code: expect.any(String), error: NOT_SIGNED_IN });
      }
      expect(await templatesInDb()).toEqual(before);
    });
  });

  describe('SMTP settings', () => {
    const password = 'pl41n-Secret-Pa55word';
    const form = {
      host: 'smtp.example.org',
      port: 465,
      secure: true,
      auth_user: 'mailer',
      auth_pass: password,
      from_email: 'Events@Example.org',
      from_name: 'Community Events',
      enabled: true,
    };
    const rows = () => app.deps.prisma.smtpSettings.findMany({ orderBy: { id: 'asc' } });

    beforeEach(async () => {
      await app.deps.prisma.smtpSettings.deleteMany({});
    });

    it('When nothing is saved yet, then the admin gets null', async () => {
      const res = await admin.get('/api/smtp-settings');
      expect(res.status).toBe(200);
      expect(res.body).toBeNull();
      expect(await getSmtpForDelivery(app.deps)).toBeNull();
    });

    it('When an admin saves settings, then the view comes back without the password and the password is encrypted at rest', async () => {
      const res = await admin.post('/api/smtp-settings', form);
      expect(res.status).toBe(200);
      const view = {
        id: expect.any(Number),
        host: 'smtp.example.org',
        port: 465,
        secure: true,
        auth_user: 'mailer',
        from_email: 'events@example.org',
        from_name: 'Community Events',
        enabled: true,
        has_password: true,
      };
      expect(res.body).toEqual(view);
      expect(res.text).not.toContain(password);
      const read = await admin.get('/api/smtp-settings');
      expect(read.body).toEqual(view);
      expect(read.text).not.toContain(password);

      const [row, ...others] = await rows();
      expect(others).toEqual([]);
      expect(row!.authPassEncrypted).not.toContain(password);
      expect(row!.authPassEncrypted).not.toContain(Buffer.from(password).toString('base64'));
      expect(app.deps.secrets.decrypt(row!.authPassEncrypted)).toBe(password);
      expect(await getSmtpForDelivery(app.deps)).toEqual({
        host: 'smtp.example.org',
        port: 465,
        secure: true,
        user: 'mailer',
        pass: password,
        fromEmail: 'events@example.org',
        fromName: 'Community Events',
        enabled: true,
      });
    });

    it('When saved again with an empty password, then the stored password is kept and the other fields change', async () => {
      const first = await admin.post('/api/smtp-settings', form);
      const stored = (await rows())[0]!.authPassEncrypted;
      for (const auth_pass of ['', undefined]) {
        const res = await admin.post('/api/smtp-settings', {
          ...form,
          id: first.body.id,
          host: 'mail.example.net',
          auth_pass,
        });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id: first.body.id, host: 'mail.example.net', has_password: true });
      }
      const all = await rows();
      expect(all).toHaveLength(1);
      expect(all[0]!.authPassEncrypted).toBe(stored);
      expect((await getSmtpForDelivery(app.deps))?.pass).toBe(password);
    });

    it('When saved again with a new password, then the new one is stored, still encrypted', async () => {
      await admin.post('/api/smtp-settings', form);
      const res = await admin.post('/api/smtp-settings', { ...form, auth_pass: 'another-Secret-9' });
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('another-Secret-9');
      const all = await rows();
      expect(all).toHaveLength(1);
      expect(all[0]!.authPassEncrypted).not.toContain('another-Secret-9');
      expect((await getSmtpForDelivery(app.deps))?.pass).toBe('another-Secret-9');
    });

    it('When several first saves arrive at once, then there is still a single settings row', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          admin.post('/api/smtp-settings', { ...form, host: `smtp${index}.example.org` }),
        ),
      );
      for (const res of results) expect(res.status).toBe(200);
      expect(await rows()).toHaveLength(1);
    });

    it.each([
      ['a text port', 'abc', 587],
      ['an empty port', '', 587],
      ['no port', undefined, 587],
      ['a numeric text port', '2525', 2525],
    ])(
      'When the form has %s, then the port saved is the SPEC fallback or the number',
      async (_label, port, expected) => {
        const res = await admin.post('/api/smtp-settings', { ...form, port });
        expect(res.status).toBe(200);
        expect(res.body.port).toBe(expected);
        expect((await rows())[0]!.port).toBe(expected);
      },
    );

    it('When secure and enabled are left out, then they default to false', async () => {
      const { secure: _secure, enabled: _enabled, ...rest } = form;
      const res = await admin.post('/api/smtp-settings', rest);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ secure: false, enabled: false });
    });

    it('When no password was ever stored and none is sent, then it answers 400 Password is required', async () => {
      for (const auth_pass of ['', '   ', undefined]) {
        const res = await admin.post('/api/smtp-settings', { ...form, auth_pass });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), error: 'Password is required' });
      }
      expect(await rows()).toEqual([]);
    });

    it.each([
      ['no host', { host: '' }, 'SMTP host is required'],
      ['a blank host', { host: '   ' }, 'SMTP host is required'],
      ['a zero port', { port: 0 }, 'Port must be a positive number'],
      ['a negative port', { port: -25 }, 'Port must be a positive number'],
      ['a fractional port', { port: 25.5 }, 'Port must be a positive number'],
      ['a port out of range', { port: 70000 }, 'Port must be a positive number'],
      ['no username', { auth_user: '' }, 'Username is required'],
      ['an invalid from email', { from_email: 'not-an-email' }, 'Please enter a valid email address'],
      ['no from email', { from_email: '' }, 'Please enter a valid email address'],
      ['no from name', { from_name: ' ' }, 'From name is required'],
      ['a huge host', { host: 'h'.repeat(50_000) }, 'SMTP host must be at most 255 characters'],
    ])(
      'When the form has %s, then it answers 400 with the message and changes nothing',
      async (_label, change, message) => {
        await admin.post('/api/smtp-settings', form);
        const before = await rows();
        const res = await admin.post('/api/smtp-settings', { ...form, ...change });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), error: message });
        expect(await rows()).toEqual(before);
      },
    );

    it.each([
      ['secure as text', { secure: 'yes' }],
      ['enabled as a number', { enabled: 1 }],
      ['the port as a boolean', { port: true }],
      ['the host as a number', { host: 42 }],
      ['the password as an object', { auth_pass: { value: 'x' } }],
      ['a huge password', { auth_pass: 'p'.repeat(50_000) }],
    ])('When the form has %s, then it answers 400 and changes nothing', async (_label, change) => {
      await admin.post('/api/smtp-settings', form);
      const before = await rows();
      const res = await admin.post('/api/smtp-settings', { ...form, ...change });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
      expect(await rows()).toEqual(before);
    });

    it('When the JSON is malformed, then it answers 400 and saves nothing', async () => {
      const res = await admin.post('/api/smtp-settings', undefined, {
        rawBody: `{"host": "x", "auth_pass": "${password}"`,
      });
      expect(res.status).toBe(400);
      expect(res.text).not.toContain(password);
      expect(await rows()).toEqual([]);
    });

    it('When a member or a visitor reads or saves settings, then it is 403 or 401 and nothing changes', async () => {
      await admin.post('/api/smtp-settings', form);
      const before = await rows();
      for (const [client, status] of [
        [member, 403],
        [app.anonymous(), 401],
      ] as const) {
        const read = await client.get('/api/smtp-settings');
        expect(read.status).toBe(status);
        expect(read.text).not.toContain('smtp.example.org');
        const save = await client.post('/api/smtp-settings', { ...form, host: 'attacker.example', auth_pass: 'x' });
        expect(save.status).toBe(status);
      }
      expect(await rows()).toEqual(before);
    });

    it('When the admin is demoted, then the next call is refused', async () => {
      await app.deps.prisma.user.update({ where: { id: adminUser.id }, data: { isAdmin: false } });
      try {
        expect((await admin.get('/api/smtp-settings')).status).toBe(403);
      } finally {
        await app.deps.prisma.user.update({ where: { id: adminUser.id }, data: { isAdmin: true } });
      }
    });
  });
});
