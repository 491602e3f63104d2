// What erasure and retention leave of a person in the outbox: once a member deletes their account, no message
// names them any more, whoever it was addressed to (a guardian's copy in any language, an organiser's words to
// attendees); a guardian's erasure empties their address where requests and consents kept it; sent and failed
// messages are forgotten after OUTBOX_RETENTION_DAYS. And a name is cleaned again where a message names someone.
import type { User } from '@prisma/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../api/src/system/housekeeping';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { deliverySuite } from './delivery-suite';

const CHILD_BIRTH_DATE = new Date('2014-05-02T00:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('erasure and retention in the outbox on %s', (kind) => {
  const suite = deliverySuite(kind, { clear: ['guardianship'] });
  const { deliver, expandAll } = suite;

  const prisma = () => suite.app.deps.prisma;
  /** Every outbox row and notification job as text, to search for a name in any field. */
  const everything = async () =>
    JSON.stringify([await prisma().outboxMessage.findMany(), await prisma().notificationJob.findMany()]);

  async function createEvent(client: TestClient, name: string): Promise<number> {
    const res = await client.post('/api/events', eventBody({ name }));
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  const erase = async (client: TestClient) =>
    expect((await client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);

  describe('a minor with guardians', () => {
    let maria: { user: User; client: TestClient };
    let greta: User;
    let gustav: User;

    beforeEach(async () => {
      maria = await suite.app.signedIn({
        name: 'Maria Schmidt',
        birthDate: CHILD_BIRTH_DATE,
        googleEmail: suite.email('maria'),
        notificationPrefs: ['email'],
      });
      // One guardian reads German, the other the organisation's language: the copies name Maria in both.
      greta = await prisma().user.create({
        data: {
          name: 'Greta Schmidt',
          googleEmail: suite.email('greta'),
          notificationPrefs: ['email'],
          language: 'de',
          role: 'guardian',
        },
      });
      gustav = await prisma().user.create({
        data: {
          name: 'Gustav Schmidt',
          telegramId: suite.telegramId(77),
          notificationPrefs: ['telegram'],
          role: 'guardian',
        },
      });
      await prisma().guardianConsent.create({
        data: { childId: maria.user.id, guardianId: greta.id, method: 'email_link', textVersion: 0 },
      });
      await prisma().guardianship.createMany({
        data: [greta, gustav].map((guardian) => ({ guardianId: guardian.id, childId: maria.user.id })),
      });
    });

    it('When she deletes her account, then no message to her guardians names her, sent or waiting', async () => {
      await createEvent(suite.admin.client, 'Canoe trip');
      await deliver();
      await createEvent(suite.admin.client, 'Kite day');
      await expandAll();
      const toGuardians = { userId: { in: [greta.id, gustav.id] } };
      expect(await prisma().outboxMessage.count({ where: { ...toGuardians, status: 'sent' } })).toBe(2);
      expect(await prisma().outboxMessage.count({ where: { ...toGuardians, status: 'pending' } })).toBe(2);
      expect(await everything()).toContain('Maria');

      await erase(maria.client);

      expect(await everything()).not.toContain('Maria');
      // What was sent stays on record as sent to the guardian, without its words; nothing about her is still to go.
      const left = await prisma().outboxMessage.findMany({ where: toGuardians });
      expect(left.map((row) => [row.status, row.subject, row.body, row.html, row.payload])).toEqual([
        ['sent', null, '', null, null],
        ['sent', null, '', null, null],
      ]);
      suite.smtp.messages.length = 0;
      suite.app.botApi.calls.length = 0;
      await deliver();
      expect(suite.mailsTo(greta)).toEqual([]);
      expect(suite.telegramTo(gustav)).toEqual([]);
    });

    it('When a guardian deletes their account, then their address leaves the requests and consents, which stay', async () => {
      const address = greta.googleEmail!;
      const request = await prisma().guardianRequest.create({
        data: {
          childId: maria.user.id,
          email: address,
          tokenHash: `hash-${kind}-${Date.now()}`,
          expiresAt: new Date(Date.now() + DAY),
          usedAt: new Date(),
          usedBy: greta.id,
        },
      });
      // Asked again at the same address, not yet answered.
      const unanswered = await prisma().guardianRequest.create({
        data: {
          childId: maria.user.id,
          email: address,
          tokenHash: `hash2-${kind}-${Date.now()}`,
          expiresAt: new Date(Date.now() + DAY),
        },
      });
      await prisma().guardianConsent.updateMany({ where: { guardianId: greta.id }, data: { requestEmail: address } });

      await erase(await suite.app.clientFor(greta));

      const requests = await prisma().guardianRequest.findMany({ where: { id: { in: [request.id, unanswered.id] } } });
      expect(requests.map((row) => row.email)).toEqual(['', '']);
      const consents = await prisma().guardianConsent.findMany({
        where: { childId: maria.user.id },
        include: { guardian: { select: { name: true } } },
      });
      expect(consents).toEqual([
        expect.objectContaining({ requestEmail: null, guardian: { name: 'Deleted member' }, withdrawnAt: null }),
      ]);
      expect(
        JSON.stringify([await prisma().guardianRequest.findMany(), await prisma().guardianConsent.findMany()]),
      ).not.toContain(address);
    });
  });

  describe('an organiser who wrote to attendees', () => {
    it('When the organiser deletes their account, then their name and words leave every message and job', async () => {
      const olga = await suite.app.admin({ name: 'Olga Organiser' });
      const ann = await suite.app.signedIn({
        name: 'Ann Attendee',
        googleEmail: suite.email('ann'),
        notificationPrefs: ['email'],
      });
      const id = await createEvent(olga.client, 'Hill walk');
      await prisma().attendance.create({ data: { eventId: id, userId: ann.user.id, status: 'attending' } });
      await deliver();
      const write = (text: string) => olga.client.post(`/api/events/${id}/messages`, { audience: 'attending', text });
      expect((await write('Bring boots.')).status).toBe(202);
      await deliver();
      expect(suite.mailsTo(ann.user).at(-1)?.text).toContain('Olga Organiser wrote about Hill walk');
      // A second message, still waiting to be expanded when she leaves.
      expect((await write('Bring a raincoat.')).status).toBe(202);
      expect(await everything()).toContain('Olga Organiser');

      await erase(olga.client);

      const all = await everything();
      expect(all).not.toContain('Olga');
      expect(all).not.toContain('Bring boots');
      expect(all).not.toContain('raincoat');
      suite.smtp.messages.length = 0;
      await deliver();
      expect(suite.mailsTo(ann.user)).toEqual([]);
    });

    it('When the organiser’s stored name fakes a second line, then the message names them on one line', async () => {
      const eve = await suite.app.admin({ name: 'Eve <b>x</b>\u202E\nSupport Team' });
      const ann = await suite.app.signedIn({
        name: 'Ann',
        googleEmail: suite.email('ann'),
        notificationPrefs: ['email'],
      });
      const id = await createEvent(eve.client, 'Hill walk');
      await prisma().attendance.create({ data: { eventId: id, userId: ann.user.id, status: 'attending' } });
      await deliver();
      suite.smtp.messages.length = 0;
      const res = await eve.client.post(`/api/events/${id}/messages`, { audience: 'attending', text: 'Hello' });
      expect(res.status).toBe(202);
      await deliver();
      const mail = suite.mailsTo(ann.user)[0]!;
      expect(mail.text.split('\n')[0]).toMatch(/^Eve <b>x<\/b> Support Team wrote about Hill walk \(/);
      expect(mail.text).not.toMatch(/[\u202A-\u202E]/);
      expect(mail.html).toContain('Eve &lt;b&gt;x&lt;/b&gt; Support Team wrote about');
    });
  });

  describe('retention', () => {
    it('When housekeeping runs, then sent and failed messages past OUTBOX_RETENTION_DAYS go, pending ones stay', async () => {
      const now = suite.app.deps.now();
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const row = (key: string, status: 'pending' | 'sent' | 'failed', createdAt: Date, sentAt: Date | null) => ({
        idempotencyKey: `retention:${kind}:${key}`,
        kind: 'reminder',
        channel: 'email' as const,
        recipient: 'someone@example.org',
        subject: 'Reminder',
        body: 'Reminder',
        status,
        createdAt,
        sentAt,
      });
      await prisma().outboxMessage.createMany({
        data: [
          row('sent-old', 'sent', ago(40), ago(31)),
          row('sent-recent', 'sent', ago(40), ago(29)),
          row('failed-old', 'failed', ago(31), null),
          row('failed-recent', 'failed', ago(29), null),
          row('pending-old', 'pending', ago(60), null),
        ],
      });
      await prisma().notificationJob.createMany({
        data: [
          { kind: 'reminder', eventId: 0, keyVersion: 'old', status: 'done', createdAt: ago(40), finishedAt: ago(31) },
          { kind: 'reminder', eventId: 0, keyVersion: 'new', status: 'done', createdAt: ago(40), finishedAt: ago(1) },
        ],
      });

      await pruneExpired(suite.app.deps, suite.app.system.services);

      const left = await prisma().outboxMessage.findMany({ where: { idempotencyKey: { startsWith: 'retention:' } } });
      expect(left.map((message) => message.idempotencyKey.split(':')[2]).sort()).toEqual([
        'failed-recent',
        'pending-old',
        'sent-recent',
      ]);
      const jobs = await prisma().notificationJob.findMany({ where: { eventId: 0, kind: 'reminder' } });
      expect(jobs.map((job) => job.keyVersion)).toEqual(['new']);
    });
  });
});
