// A guardian account replies to events only for its own children. Replying for itself is refused before the
// event is looked up, so the answer says nothing of the event: one it could see, a private one, or none at all.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { createSession } from '../../api/src/modules/auth/sessions';
import { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const REFUSAL = { code: 'guardian_account_only', error: MSG.guardianAccountOnly };

describe.each(DATABASE_KINDS)('a guardian account replying to events on %s', (kind) => {
  let app: TestApp;
  let admin: { user: User; client: TestClient };
  let guardian: { user: User; client: TestClient };
  let child: User;
  let publicId: number;
  let privateId: number;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const { prisma } = app.deps;
    await prisma.organisationSettings.updateMany({ data: { requireBirthDate: false } });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin' });
    guardian = await app.signedIn({ name: 'Gina Parent', role: 'guardian' });
    child = await prisma.user.create({ data: { name: 'Tilly Child', birthDate: new Date('2014-05-01') } });
    await prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.id } });
    await prisma.guardianConsent.create({
      data: { childId: child.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
    });
    const open = await admin.client.post('/api/events', eventBody({ name: 'Open day' }));
    const hidden = await admin.client.post('/api/events', eventBody({ name: 'Board meeting', isPublic: false }));
    publicId = open.body.id as number;
    privateId = hidden.body.id as number;
  });
  afterAll(() => app.stop());

  it('When a guardian account replies without naming a child, then every event id answers the same 403 and nothing is stored', async () => {
    const answers = [];
    for (const id of [publicId, privateId, 999_999]) {
      for (const status of ['attending', 'maybe', 'not_attending']) {
        answers.push(await guardian.client.post(`/api/events/${id}/attend`, { status }));
      }
      answers.push(
        await guardian.client.post(`/api/events/${id}/attend`, { status: 'attending', forUserId: guardian.user.id }),
      );
    }

    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSAL);
    }
    expect(await app.deps.prisma.attendance.count({ where: { userId: guardian.user.id } })).toBe(0);
    const events = await app.deps.prisma.event.findMany({ where: { id: { in: [publicId, privateId] } } });
    expect(events.map((event) => event.attendingPeople)).toEqual([0, 0]);

    // Replying for its child is what the account is for: the child's reply, as before.
    const forChild = await guardian.client.post(`/api/events/${publicId}/attend`, {
      status: 'attending',
      forUserId: child.id,
    });
    expect(forChild.status).toBe(200);
    expect(forChild.body).toMatchObject({ status: 'attending', attendingCount: 1 });
  });

  it('When a guardian account changes registration answers or replies for someone not its child, then every event id answers alike', async () => {
    const stranger = await app.deps.prisma.user.create({ data: { name: 'Sam Stranger' } });
    const answers = [];
    for (const id of [publicId, privateId, 999_999]) {
      answers.push(await guardian.client.put(`/api/events/${id}/answers`, { answers: {} }));
      answers.push(
        await guardian.client.put(`/api/events/${id}/answers`, { answers: {}, forUserId: guardian.user.id }),
      );
    }
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSAL);
    }
    // Someone else's child (or any member): the same refusal whichever event it names.
    const others = [];
    for (const id of [publicId, privateId, 999_999]) {
      others.push(
        await guardian.client.post(`/api/events/${id}/attend`, { status: 'attending', forUserId: stranger.id }),
      );
      others.push(await guardian.client.put(`/api/events/${id}/answers`, { answers: {}, forUserId: stranger.id }));
    }
    expect(new Set(others.map((res) => JSON.stringify([res.status, res.body]))).size).toBe(1);
    expect(others[0]!.status).toBe(403);
    expect(await app.deps.prisma.attendance.count({ where: { userId: stranger.id } })).toBe(0);
  });

  it('When the guardian account uses the Mini App’s session, then it is the same 403', async () => {
    const miniApp = new TestClient(app.url, {
      authorization: `Session ${await createSession(app.deps, guardian.user.id)}`,
    });
    for (const id of [publicId, privateId]) {
      const res = await miniApp.post(`/api/events/${id}/attend`, { status: 'attending' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSAL);
    }
  });
});
