import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

const MESSAGES = {
  phoneRequired: 'Phone number is required for SMS notifications',
  phoneInvalid: 'Please enter a valid phone number in international format (e.g., +1234567890)',
  usernameRequired: 'Telegram username is required for Telegram notifications',
  usernameInvalid: 'Please enter a valid Telegram username (5-32 characters, alphanumeric with underscores)',
  smsNeedsPhone: 'Please add a phone number above to enable SMS notifications.',
  telegramNeedsUsername: 'Please add a Telegram username above to enable Telegram notifications.',
  emailNeedsAddress: 'Please link an email address above to enable email notifications.',
};

describe.each(DATABASE_KINDS)('users API on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  /** The columns a user may change through /api/users, to prove a refused request changed nothing. */
  const contactOf = async (user: User) => {
    const row = await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    return {
      phoneNumber: row.phoneNumber,
      telegramUsername: row.telegramUsername,
      notificationPrefs: row.notificationPrefs,
      isAdmin: row.isAdmin,
      name: row.name,
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  describe('PATCH /api/users/me', () => {
    it('When a member saves a phone number, then it is stored and the current user is returned', async () => {
      const { client, user } = await app.signedIn();
      const res = await client.patch('/api/users/me', { phoneNumber: ' +1234567890 ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, phoneNumber: '+1234567890', telegramUsername: null });
      expect((await client.get('/api/users/me')).body.phoneNumber).toBe('+1234567890');
    });

    it('When a phone number has no plus or the full 15 digits, then it is accepted as well', async () => {
      const { client } = await app.signedIn();
      expect((await client.patch('/api/users/me', { phoneNumber: '4915112345678' })).body.phoneNumber).toBe(
        '4915112345678',
      );
      expect((await client.patch('/api/users/me', { phoneNumber: '+123456789012345' })).status).toBe(200);
    });

    it('When a member saves a Telegram username, then it is stored and the current user is returned', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+4912345' });
      const res = await client.patch('/api/users/me', { telegramUsername: 'young_member_42' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: user.id, telegramUsername: 'young_member_42', phoneNumber: '+4912345' });
      expect((await client.get('/api/users/me')).body.telegramUsername).toBe('young_member_42');
    });

    it.each([
      [{ phoneNumber: '' }, MESSAGES.phoneRequired],
      [{ phoneNumber: '   ' }, MESSAGES.phoneRequired],
      [{ phoneNumber: 'call me' }, MESSAGES.phoneInvalid],
      [{ phoneNumber: '+0123456' }, MESSAGES.phoneInvalid],
      [{ phoneNumber: '+1234567890123456' }, MESSAGES.phoneInvalid],
      [{ phoneNumber: '+49 151 1234' }, MESSAGES.phoneInvalid],
      [{ telegramUsername: '' }, MESSAGES.usernameRequired],
      [{ telegramUsername: 'abcd' }, MESSAGES.usernameInvalid],
      [{ telegramUsername: 'a'.repeat(33) }, MESSAGES.usernameInvalid],
      [{ telegramUsername: '@someone' }, MESSAGES.usernameInvalid],
      [{ telegramUsername: 'bad-name' }, MESSAGES.usernameInvalid],
    ])('When the body is %s, then it answers 400 with the SPEC message and changes nothing', async (body, message) => {
      const { client, user } = await app.signedIn({ phoneNumber: '+111111', telegramUsername: 'kept_name' });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: message });
      expect(await contactOf(user)).toEqual(before);
    });

    it('When the phone number is 50,000 digits long, then it answers 400 with the SPEC message', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+111111' });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me', { phoneNumber: '9'.repeat(50_000) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.phoneInvalid });
      expect(await contactOf(user)).toEqual(before);
    });

    it.each([
      ['both fields at once', { phoneNumber: '+123456', telegramUsername: 'someone_ok' }],
      ['no field', {}],
      ['a field besides the contact', { phoneNumber: '+123456', isAdmin: true }],
      ['only fields it does not know', { name: 'New name', isAdmin: true }],
      ['a number for the phone', { phoneNumber: 1234567 }],
      ['a list for the username', { telegramUsername: ['someone_ok'] }],
      ['null for the phone', { phoneNumber: null }],
      ['a JSON array', ['+123456']],
      ['a JSON string', '+123456'],
    ])('When the body has %s, then it answers 400 and changes nothing', async (_label, body) => {
      const { client, user } = await app.signedIn({ phoneNumber: '+111111' });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
      expect(await contactOf(user)).toEqual(before);
    });

    it('When the JSON is malformed or too large, then it answers 4xx and changes nothing', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+111111' });
      const before = await contactOf(user);
      const malformed = await client.patch('/api/users/me', undefined, { rawBody: '{"phoneNumber": "+12' });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ code: expect.any(String), error: 'Malformed JSON in request body' });
      const huge = await client.patch('/api/users/me', { phoneNumber: '1'.repeat(200_000) });
      expect(huge.status).toBe(413);
      const notJson = await client.patch('/api/users/me', undefined, {
        rawBody: 'phoneNumber=%2B123456',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(notJson.status).toBe(415);
      expect(await contactOf(user)).toEqual(before);
    });

    it('When nobody is signed in, then it answers 401', async () => {
      const res = await app.anonymous().patch('/api/users/me', { phoneNumber: '+123456' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
    });

    it('When the request comes from another site, then it is refused and nothing changes', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+111111' });
      const before = await contactOf(user);
      const res = await client.patch(
        '/api/users/me',
        { phoneNumber: '+999999' },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(res.status).toBe(403);
      expect(await contactOf(user)).toEqual(before);
    });
  });

  describe('PATCH /api/users/me/preferences', () => {
    it('When a member with an email, phone and Telegram username ticks every channel, then all are saved', async () => {
      const { client } = await app.signedIn({
        googleEmail: `all-${Date.now()}@example.com`,
        phoneNumber: '+1234567',
        telegramUsername: 'all_channels',
      });
      const res = await client.patch('/api/users/me/preferences', { preferences: ['email', 'sms', 'telegram'] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual(['email', 'sms', 'telegram']);
      expect((await client.get('/api/users/me')).body.notificationPrefs).toEqual(['email', 'sms', 'telegram']);
    });

    it('When a channel is unticked, then the new list replaces the old one', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+1234567', notificationPrefs: ['sms'] });
      const res = await client.patch('/api/users/me/preferences', { preferences: [] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual([]);
      expect((await contactOf(user)).notificationPrefs).toEqual([]);
    });

    it('When a channel is sent twice, then it is saved once', async () => {
      const { client } = await app.signedIn({ phoneNumber: '+1234567' });
      const res = await client.patch('/api/users/me/preferences', { preferences: ['sms', 'sms'] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual(['sms']);
    });

    it('When SMS is ticked with no phone number, then it answers 400 with the settings message', async () => {
      const { client, user } = await app.signedIn({ telegramUsername: 'has_username' });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me/preferences', { preferences: ['telegram', 'sms'] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.smsNeedsPhone });
      expect(await contactOf(user)).toEqual(before);
    });

    it('When Telegram is ticked with no username and no linked Telegram account, then it answers 400', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+1234567' });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me/preferences', { preferences: ['telegram'] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.telegramNeedsUsername });
      expect(await contactOf(user)).toEqual(before);
    });

    it('When Telegram is ticked by a user signed in with Telegram but without a username, then it is saved', async () => {
      const { client } = await app.signedIn({ telegramId: String(700_000_000 + Math.floor(Math.random() * 1e6)) });
      const res = await client.patch('/api/users/me/preferences', { preferences: ['telegram'] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual(['telegram']);
    });

    it('When email is ticked with no email, or only an unconfirmed one, then it answers 400', async () => {
      for (const data of [{}, { linkedEmail: `pending-${Date.now()}@example.com`, linkedEmailConfirmed: false }]) {
        const { client, user } = await app.signedIn(data);
        const before = await contactOf(user);
        const res = await client.patch('/api/users/me/preferences', { preferences: ['email'] });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.emailNeedsAddress });
        expect(await contactOf(user)).toEqual(before);
      }
    });

    it('When email is ticked with a confirmed linked email, then it is saved', async () => {
      const { client } = await app.signedIn({
        linkedEmail: `linked-${Date.now()}@example.com`,
        linkedEmailConfirmed: true,
      });
      const res = await client.patch('/api/users/me/preferences', { preferences: ['email'] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual(['email']);
    });

    it('When a channel is already on, then it can be kept while another is changed', async () => {
      // An old row may carry 'sms' without a phone; saving the other boxes must not get stuck on it.
      const { client } = await app.signedIn({
        notificationPrefs: ['sms'],
        googleEmail: `kept-${Date.now()}@example.com`,
      });
      const res = await client.patch('/api/users/me/preferences', { preferences: ['sms', 'email'] });
      expect(res.status).toBe(200);
      expect(res.body.notificationPrefs).toEqual(['sms', 'email']);
    });

    it.each([
      ['an unknown channel', { preferences: ['fax'] }],
      ['a channel that is not a string', { preferences: [1] }],
      ['a string instead of a list', { preferences: 'sms' }],
      ['null', { preferences: null }],
      ['no preferences', {}],
      ['an extra field', { preferences: ['sms'], phoneNumber: '+123' }],
      ['a huge list', { preferences: Array.from({ length: 5000 }, () => 'sms') }],
      ['a huge channel name', { preferences: ['s'.repeat(50_000)] }],
    ])('When the body has %s, then it answers 400 and changes nothing', async (_label, body) => {
      const { client, user } = await app.signedIn({ phoneNumber: '+1234567', notificationPrefs: ['sms'] });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me/preferences', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
      expect(await contactOf(user)).toEqual(before);
    });

    it('When the JSON is malformed, then it answers 400 and changes nothing', async () => {
      const { client, user } = await app.signedIn({ phoneNumber: '+1234567', notificationPrefs: ['sms'] });
      const before = await contactOf(user);
      const res = await client.patch('/api/users/me/preferences', undefined, { rawBody: '{"preferences": [' });
      expect(res.status).toBe(400);
      expect(await contactOf(user)).toEqual(before);
    });

    it('When nobody is signed in, then it answers 401', async () => {
      const res = await app.anonymous().patch('/api/users/me/preferences', { preferences: [] });
      expect(res.status).toBe(401);
    });
  });

  describe('GET /api/users', () => {
    let admin: User;
    let member: User;
    let other: User;
    beforeAll(async () => {
      // Start from an empty table, so the directory holds exactly these users.
      await app.deps.prisma.user.deleteMany({});
      admin = (await app.signedIn({ name: 'Zoe Admin', isAdmin: true, googleEmail: 'zoe@example.com' })).user;
      member = (await app.signedIn({ name: 'Bob Member', googleEmail: 'bob@example.com', phoneNumber: '+4411111' }))
        .user;
      other = (
        await app.signedIn({
          name: 'Alice Other',
          linkedEmail: 'alice@example.com',
          linkedEmailConfirmed: true,
          phoneNumber: '+4422222',
          telegramId: '123456789',
          telegramUsername: 'alice_tg',
        })
      ).user;
    });

    it('When a member asks, then the list is refused: only those who run events get it', async () => {
      const res = await (await app.clientFor(member)).get('/api/users');
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: expect.any(String),
        error: 'Only organisers and administrators can see the member list.',
      });
    });

    it('When an organiser asks, then every user is listed by name with no email, phone or Telegram details', async () => {
      await app.deps.prisma.user.update({ where: { id: member.id }, data: { role: 'organiser' } });
      const client = await app.clientFor(member);
      const res = await client.get('/api/users');
      await app.deps.prisma.user.update({ where: { id: member.id }, data: { role: 'member' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: other.id, name: 'Alice Other', avatarUrl: null },
        { id: member.id, name: 'Bob Member', avatarUrl: null },
        { id: admin.id, name: 'Zoe Admin', avatarUrl: null },
      ]);
      for (const secret of ['@example.com', '+44', '123456789', 'alice_tg']) expect(res.text).not.toContain(secret);
    });

    it('When an admin asks, then every user is listed by name with their sign-in email but no phone', async () => {
      const client = await app.clientFor(admin);
      const res = await client.get('/api/users');
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { id: other.id, name: 'Alice Other', avatarUrl: null, email: 'alice@example.com' },
        { id: member.id, name: 'Bob Member', avatarUrl: null, email: 'bob@example.com' },
        { id: admin.id, name: 'Zoe Admin', avatarUrl: null, email: 'zoe@example.com' },
      ]);
      expect(res.text).not.toContain('+44');
    });

    it('When a user has only an unconfirmed linked email, then even admins do not see it', async () => {
      const { user } = await app.signedIn({ name: 'Pending Pat', linkedEmail: 'pat@example.com' });
      const res = await (await app.clientFor(admin)).get('/api/users');
      expect(res.body).toContainEqual({ id: user.id, name: 'Pending Pat', avatarUrl: null, email: null });
      expect(res.text).not.toContain('pat@example.com');
    });

    it('When nobody is signed in, then it answers 401', async () => {
      const res = await app.anonymous().get('/api/users');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: expect.any(String), error: 'You need to be logged in to perform this action.' });
    });
  });
});
