// Messages to attendees reach members' inboxes and phones: besides the general write limit, an event takes at most
// 10 an hour and an organiser sends at most 30 a day. The counters are in the database, like every other limit.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient, TestResponse } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

/** 429 with the `{ error }` body and whole seconds to wait, within `(min, max]`. */
function expectLimited(res: TestResponse, error: string, min: number, max: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.body).toEqual({ code: expect.any(String), error });
  const retryAfter = res.headers.get('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThan(min);
  expect(Number(retryAfter)).toBeLessThanOrEqual(max);
}

describe.each(DATABASE_KINDS)('limits on messages to attendees on %s', (kind) => {
  let app: TestApp;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  /** An admin with `count` new events, each with one member attending (a message to nobody is no message). */
  async function organiserWithEvents(count: number): Promise<{ user: User; client: TestClient; ids: number[] }> {
    const organiser = await app.signedIn({ isAdmin: true, googleEmail: `organiser-${++counter}-${kind}@example.org` });
    const attendee = await app.signedIn({ googleEmail: `attendee-${counter}-${kind}@example.org` });
    const ids: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const res = await organiser.client.post('/api/events', eventBody({ name: `Camp ${index}` }));
      expect(res.status).toBe(201);
      ids.push(res.body.id as number);
      expect((await attendee.client.post(`/api/events/${ids[index]}/attend`, { status: 'attending' })).status).toBe(
        200,
      );
    }
    return { ...organiser, ids };
  }
  const send = (client: TestClient, id: number, text = 'See you there') =>
    client.post(`/api/events/${id}/messages`, { audience: 'attending', text });
  const jobsOf = (eventIds: number[]) =>
    app.deps.prisma.notificationJob.count({ where: { kind: 'event_message', eventId: { in: eventIds } } });

  it('When an event has had 10 messages this hour, then the 11th is 429 with Retry-After and is not sent; other events are not affected', async () => {
    const organiser = await organiserWithEvents(2);
    const [busy, quiet] = organiser.ids as [number, number];
    for (let n = 1; n <= 10; n += 1) expect((await send(organiser.client, busy, `Update ${n}`)).status).toBe(202);

    const refused = await send(organiser.client, busy, 'One too many');
    expectLimited(refused, 'This event has had 10 messages in the last hour. Please try again later.', 60, HOUR_S);
    expect(await jobsOf([busy])).toBe(10);

    // A co-organiser (another admin) writes about the same event: the event's own limit still holds.
    const coOrganiser = await app.signedIn({ isAdmin: true });
    expect((await send(coOrganiser.client, busy)).status).toBe(429);
    expect((await send(organiser.client, quiet)).status).toBe(202);
    expect(await jobsOf([busy, quiet])).toBe(11);
  });

  it('When an organiser has sent 30 messages today, then the next is 429 with Retry-After on any event; other organisers are not affected', async () => {
    const organiser = await organiserWithEvents(4);
    for (const id of organiser.ids.slice(0, 3)) {
      for (let n = 1; n <= 10; n += 1) expect((await send(organiser.client, id)).status).toBe(202);
    }
    const refused = await send(organiser.client, organiser.ids[3]!);
    expectLimited(refused, 'You have sent 30 messages to attendees today. Please try again later.', HOUR_S, DAY_S);
    expect(await jobsOf(organiser.ids)).toBe(30);

    const other = await organiserWithEvents(1);
    expect((await send(other.client, other.ids[0]!)).status).toBe(202);
  });

  it('When someone who may not message an event tries it many times, then the organiser’s limits are untouched', async () => {
    const organiser = await organiserWithEvents(1);
    const member = await app.signedIn();
    for (let n = 1; n <= 12; n += 1) expect((await send(member.client, organiser.ids[0]!)).status).toBe(403);
    expect((await send(organiser.client, organiser.ids[0]!)).status).toBe(202);
  });
});
