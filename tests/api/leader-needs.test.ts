// A leader's "Needs you" (GET /api/admin/needs): one count per list that waits for someone, each the length of
// the list it opens, and only what the caller may act on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import { eventRow } from '../support/events';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const NOW = new Date('2030-03-01T12:00:00.000Z');
const DAY = 86_400_000;

describe.each(DATABASE_KINDS)('a leader’s needs on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let organiser: { client: TestClient; user: { id: number } };
  let adminId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    app.setNow(NOW);
    const signed = await app.signedIn({ isAdmin: true, role: 'admin', name: 'Ada Admin' });
    admin = signed.client;
    adminId = signed.user.id;
    organiser = await app.signedIn({ role: 'organiser', name: 'Olga Organiser' });
  });
  afterAll(() => app.stop());

  /** A minor on `eventId` whose guardian has not answered the slip yet (held spot, pending slip). */
  async function slipWaiting(eventId: number, expiresAt = new Date(NOW.getTime() + DAY)) {
    const child = await app.deps.prisma.user.create({ data: { name: 'Kim Kid', birthDate: new Date('2016-01-01') } });
    await app.deps.prisma.attendance.create({ data: { eventId, userId: child.id, status: 'awaiting_guardian' } });
    await app.deps.prisma.permissionSlip.create({ data: { eventId, childId: child.id, status: 'pending', expiresAt } });
    return child;
  }

  it('When nothing waits, then every count an admin sees is zero', async () => {
    const res = await admin.get('/api/admin/needs');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      pendingMembers: 0,
      openReports: 0,
      consentsAwaitingVerification: 0,
      slipsWaiting: 0,
      slipsEventId: null,
      shortOfLeaders: 0,
      shortOfLeadersEventId: null,
    });
  });

  it('When members, reports, consents and slips wait, then an admin sees each count, as long as its list', async () => {
    const prisma = app.deps.prisma;
    await app.signedIn({ status: 'pending', name: 'Pia Pending' });
    await app.signedIn({ status: 'pending', name: 'Pete Pending' });
    // An erased applicant is no longer waiting.
    await app.signedIn({ status: 'pending', name: 'Gone', deletedAt: NOW });

    const own = await prisma.event.create({
      data: eventRow(organiser.user.id, { name: 'Hike', date: new Date(NOW.getTime() + 3 * DAY) }),
    });
    const others = await prisma.event.create({
      data: eventRow(adminId, { name: 'Camp', date: new Date(NOW.getTime() + 2 * DAY) }),
    });
    const past = await prisma.event.create({
      data: eventRow(adminId, { name: 'Last week', date: new Date(NOW.getTime() - 7 * DAY) }),
    });
    await slipWaiting(own.id);
    await slipWaiting(others.id);
    await slipWaiting(others.id);
    // Not waiting: a slip on a past event, and one whose deadline has passed.
    await slipWaiting(past.id);
    await slipWaiting(own.id, new Date(NOW.getTime() - 1000));

    const author = await app.signedIn({ name: 'Rita Reporter' });
    const comment = await prisma.comment.create({ data: { eventId: own.id, userId: author.user.id, content: 'Hm' } });
    await prisma.commentReport.create({ data: { commentId: comment.id, reporterId: adminId, reason: 'Rude' } });
    const resolved = await prisma.commentReport.create({
      data: { commentId: comment.id, reporterId: organiser.user.id, reason: 'Spam', status: 'resolved' },
    });
    expect(resolved.status).toBe('resolved');

    const child = await prisma.user.create({ data: { name: 'Cleo Child', birthDate: new Date('2015-05-01') } });
    const parent = await prisma.user.create({ data: { name: 'Paula Parent', role: 'guardian' } });
    // Twice from the same guardian for the same child is one consent to confirm; a confirmed one waits for nobody.
    for (const grantedAt of [new Date(NOW.getTime() - DAY), NOW])
      await prisma.guardianConsent.create({
        data: {
          childId: child.id,
          guardianId: parent.id,
          method: 'email_link',
          textVersion: 1,
          verifiedAt: null,
          grantedAt,
        },
      });
    await prisma.guardianConsent.create({
      data: { childId: child.id, guardianId: organiser.user.id, method: 'paper', textVersion: 1 },
    });

    const res = await admin.get('/api/admin/needs');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      pendingMembers: 2,
      openReports: 1,
      consentsAwaitingVerification: 1,
      slipsWaiting: 3,
      // The soonest event with slips waiting.
      slipsEventId: others.id,
      // Children waiting for a slip are not attending yet: no event lacks leaders for them.
      shortOfLeaders: 0,
      shortOfLeadersEventId: null,
    });

    // Each count is the length of the list it opens.
    expect((await admin.get('/api/admin/members?status=pending')).body.members).toHaveLength(2);
    expect((await admin.get('/api/admin/reports?status=open')).body.reports).toHaveLength(1);
    expect(await admin.get('/api/admin/consents/awaiting').then((r) => r.body)).toHaveLength(1);
  });

  it('When an organiser asks, then they see only the slips waiting on their own events, and nothing of the admins’ lists', async () => {
    const res = await organiser.client.get('/api/admin/needs');
    expect(res.status).toBe(200);
    const own = await app.deps.prisma.event.findFirstOrThrow({ where: { name: 'Hike' } });
    expect(res.body).toEqual({
      pendingMembers: null,
      openReports: null,
      consentsAwaitingVerification: null,
      slipsWaiting: 1,
      slipsEventId: own.id,
      shortOfLeaders: 0,
      shortOfLeadersEventId: null,
    });
    // The lists the admin's counts open stay closed to them.
    expect((await organiser.client.get('/api/admin/members?status=pending')).status).toBe(403);
    expect((await organiser.client.get('/api/admin/reports')).status).toBe(403);
  });

  it('When minors attend an event within 48 hours without enough cleared leaders, then its organiser and admins see it until two leaders are named', async () => {
    const prisma = app.deps.prisma;
    const trip = await prisma.event.create({
      data: eventRow(organiser.user.id, { name: 'River trip', date: new Date(NOW.getTime() + 30 * 60 * 60 * 1000) }),
    });
    // Later than 48 hours is not yet news; an event of adults needs no ratio.
    const later = await prisma.event.create({
      data: eventRow(organiser.user.id, { name: 'Later trip', date: new Date(NOW.getTime() + 3 * DAY) }),
    });
    const kid = await prisma.user.create({ data: { name: 'Noa Kid', birthDate: new Date('2017-04-01') } });
    for (const eventId of [trip.id, later.id])
      await prisma.attendance.create({ data: { eventId, userId: kid.id, status: 'attending' } });
    const other = await app.signedIn({ role: 'organiser', name: 'Omar Other' });

    const short = { shortOfLeaders: 1, shortOfLeadersEventId: trip.id };
    expect((await organiser.client.get('/api/admin/needs')).body).toMatchObject(short);
    expect((await admin.get('/api/admin/needs')).body).toMatchObject(short);
    // Another organiser does not run it.
    expect((await other.client.get('/api/admin/needs')).body).toMatchObject({ shortOfLeaders: 0 });

    const leaders: number[] = [];
    for (const name of ['Lee One', 'Lee Two']) {
      const { user } = await app.signedIn({ name, birthDate: new Date('1985-01-01') });
      for (const kind of ['background_check', 'safeguarding_training'])
        expect(
          (
            await admin.post(`/api/admin/members/${user.id}/checks`, {
              kind,
              completedOn: '2029-06-01',
              expiresOn: '2032-06-01',
            })
          ).status,
        ).toBe(201);
      leaders.push(user.id);
    }
    expect((await organiser.client.put(`/api/events/${trip.id}/leaders`, { userIds: [leaders[0]] })).status).toBe(200);
    expect((await organiser.client.get('/api/admin/needs')).body).toMatchObject(short);
    expect((await organiser.client.put(`/api/events/${trip.id}/leaders`, { userIds: leaders })).status).toBe(200);
    expect((await organiser.client.get('/api/admin/needs')).body).toMatchObject({
      shortOfLeaders: 0,
      shortOfLeadersEventId: null,
    });
  });

  it('When an organiser loses the role, then the counts are refused like any member’s, and a visitor must sign in', async () => {
    const member = await app.signedIn({ name: 'Max Member' });
    const res = await member.client.get('/api/admin/needs');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'leaders_only', error: MSG.leadersOnly });

    const demoted = await app.signedIn({ role: 'organiser', name: 'Otto Once' });
    expect((await demoted.client.get('/api/admin/needs')).status).toBe(200);
    await app.deps.prisma.user.update({ where: { id: demoted.user.id }, data: { role: 'member' } });
    expect((await demoted.client.get('/api/admin/needs')).status).toBe(403);

    expect((await new TestClient(app.url).get('/api/admin/needs')).status).toBe(401);
  });
});
