// Registration questions over HTTP: the event's managers set them (ids kept across edits), members answer them
// with their reply (required ones enforced for going, maybe and the waitlist; kinds checked), change their
// answers until RSVPs close, and see them in the event's details.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Person = { user: User; client: TestClient };

const QUESTIONS = [
  { label: 'T-shirt size', kind: 'single', options: ['S', 'M', 'L'], required: true, sensitive: false },
  { label: 'Allergies', kind: 'long_text', required: true, sensitive: true },
  { label: 'Nights', kind: 'number', required: false, sensitive: false },
];

describe.each(DATABASE_KINDS)('registration questions on %s', (kind) => {
  let app: TestApp;
  let organiser: Person;

  beforeAll(async () => {
    app = await startTestApp(kind);
    organiser = await app.signedIn({ role: 'organiser', name: 'Olga Organiser' });
  });
  afterAll(() => app.stop());

  async function eventWithQuestions(overrides: Parameters<typeof eventBody>[0] = {}) {
    const created = await organiser.client.post('/api/events', eventBody({ capacity: 1, ...overrides }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const put = await organiser.client.put(`/api/events/${id}/questions`, QUESTIONS);
    expect(put.status).toBe(200);
    const ids = (put.body as Array<{ id: number }>).map((question) => question.id);
    return { id, size: ids[0]!, allergies: ids[1]!, nights: ids[2]! };
  }

  it('When the organiser sets and then replaces the questions, then kept ones keep their ids and a removed one takes its answers', async () => {
    const { id, size, allergies, nights } = await eventWithQuestions();
    const member = await app.signedIn();
    const reply = await member.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      answers: { [size]: 'M', [allergies]: 'Peanuts', [nights]: 2 },
    });
    expect(reply.status).toBe(200);

    const replaced = await organiser.client.put(`/api/events/${id}/questions`, [
      { id: allergies, label: 'Allergies or diet', kind: 'long_text', required: true, sensitive: true },
      {
        id: size,
        label: 'T-shirt size',
        kind: 'single',
        options: ['S', 'M', 'L', 'XL'],
        required: true,
        sensitive: false,
      },
      { label: 'Arrival date', kind: 'date', required: false, sensitive: false },
    ]);

    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject([
      { id: allergies, label: 'Allergies or diet', kind: 'long_text', required: true, sensitive: true },
      { id: size, options: ['S', 'M', 'L', 'XL'] },
      { label: 'Arrival date', kind: 'date' },
    ]);
    expect(replaced.body[2].id).not.toBe(nights);
    const listed = await member.client.get(`/api/events/${id}/questions`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(replaced.body);
    const details = await member.client.get(`/api/events/${id}`);
    expect(details.body.myAnswers).toEqual({ [size]: 'M', [allergies]: 'Peanuts' });
  });

  it('When a member who does not manage the event sets questions, then it is 403 and nothing changes', async () => {
    const { id } = await eventWithQuestions();
    const otherOrganiser = await app.signedIn({ role: 'organiser' });
    const member = await app.signedIn();
    for (const person of [otherOrganiser, member]) {
      const res = await person.client.put(`/api/events/${id}/questions`, []);
      expect(res.status).toBe(403);
    }
    expect((await member.client.get(`/api/events/${id}/questions`)).body).toHaveLength(3);
  });

  it('When a question is malformed, then it is 400 and the list stays', async () => {
    const { id } = await eventWithQuestions();
    const noOptions = await organiser.client.put(`/api/events/${id}/questions`, [
      { label: 'Size', kind: 'single', required: true, sensitive: false },
    ]);
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.code).toBe('question_options_invalid');
    const noLabel = await organiser.client.put(`/api/events/${id}/questions`, [
      { label: ' ', kind: 'text', required: true, sensitive: false },
    ]);
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.code).toBe('question_label_invalid');
    expect((await organiser.client.get(`/api/events/${id}/questions`)).body).toHaveLength(3);
  });

  it('When a member goes, says maybe or joins the waitlist without the required answers, then it is 400 naming them, and not_attending needs none', async () => {
    const { id, size, allergies } = await eventWithQuestions();
    const [first, second] = [await app.signedIn(), await app.signedIn()];

    for (const status of ['attending', 'maybe']) {
      const res = await first.client.post(`/api/events/${id}/attend`, { status, answers: { [size]: 'S' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please answer: Allergies', code: 'answers_required', missing: [allergies] });
    }
    const none = await first.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(none.body).toMatchObject({ error: 'Please answer: T-shirt size, Allergies', missing: [size, allergies] });
    expect((await first.client.get(`/api/events/${id}/attendance`)).body.status).toBe('not_responded');

    const going = await first.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      answers: { [size]: 'S', [allergies]: 'None' },
    });
    expect(going.body.status).toBe('attending');
    // The event is full: the second member would join the waitlist, which needs the answers too.
    const waiting = await second.client.post(`/api/events/${id}/attend`, { status: 'attending' });
    expect(waiting.status).toBe(400);
    expect(waiting.body.code).toBe('answers_required');
    expect((await second.client.post(`/api/events/${id}/attend`, { status: 'not_attending' })).status).toBe(200);
    // Answered before, a later change of the reply needs them no more.
    expect((await first.client.post(`/api/events/${id}/attend`, { status: 'maybe' })).body.status).toBe('maybe');
  });

  it('When a value is not of its question’s kind, then it is 400 naming the question and nothing is kept', async () => {
    const { id, size, allergies, nights } = await eventWithQuestions();
    const member = await app.signedIn();
    const cases: Array<[number, unknown, string]> = [
      [size, 'XXL', 'T-shirt size'],
      [nights, 'two', 'Nights'],
      [allergies, 42, 'Allergies'],
    ];
    for (const [question, value, label] of cases) {
      const res = await member.client.post(`/api/events/${id}/attend`, {
        status: 'attending',
        answers: { [size]: 'S', [allergies]: 'None', [question]: value },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: `This is not a valid answer to “${label}”.`, code: 'answer_invalid' });
    }
    expect((await member.client.get(`/api/events/${id}`)).body.myAnswers).toEqual({});
  });

  it('When a member changes their answers, then they may until RSVPs close, and no one but their guardian may for them', async () => {
    const closesAt = new Date(Date.now() + 3_600_000);
    const { id, size, allergies } = await eventWithQuestions({ rsvpClosesAt: closesAt.toISOString() });
    const member = await app.signedIn();
    await member.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      answers: { [size]: 'S', [allergies]: 'None' },
    });

    const changed = await member.client.put(`/api/events/${id}/answers`, { answers: { [size]: 'L' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ answers: { [size]: 'L', [allergies]: 'None' } });
    const cleared = await member.client.put(`/api/events/${id}/answers`, { answers: { [allergies]: '' } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.missing).toEqual([allergies]);
    const stranger = await app.signedIn();
    expect(
      (await stranger.client.put(`/api/events/${id}/answers`, { answers: {}, forUserId: member.user.id })).status,
    ).toBe(403);

    app.setNow(new Date(closesAt.getTime() + 1000));
    try {
      const late = await member.client.put(`/api/events/${id}/answers`, { answers: { [size]: 'M' } });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('rsvp_closed');
    } finally {
      app.setNow(new Date());
    }
    expect((await member.client.get(`/api/events/${id}`)).body.myAnswers).toEqual({ [size]: 'L', [allergies]: 'None' });
  });

  it('When a guardian account answers for its child, with the reply and afterwards, then the child’s answers change and the child sees them', async () => {
    const { prisma } = app.deps;
    const { id, size, allergies } = await eventWithQuestions({ capacity: null });
    const guardian = await app.signedIn({ name: 'Gina Parent', role: 'guardian' });
    const child = await app.signedIn({ name: 'Tilly Child', birthDate: new Date('2014-05-01') });
    await prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
    });

    const missing = await guardian.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
    });
    expect(missing.body).toMatchObject({ code: 'answers_required', missing: [size, allergies] });
    const reply = await guardian.client.post(`/api/events/${id}/attend`, {
      status: 'attending',
      forUserId: child.user.id,
      answers: { [size]: 'S', [allergies]: 'Hay fever' },
    });
    expect(reply.status).toBe(200);
    const changed = await guardian.client.put(`/api/events/${id}/answers`, {
      answers: { [allergies]: 'Hay fever, pollen' },
      forUserId: child.user.id,
    });
    expect(changed.status).toBe(200);

    expect((await child.client.get(`/api/events/${id}`)).body.myAnswers).toEqual({
      [size]: 'S',
      [allergies]: 'Hay fever, pollen',
    });
    // Its own answers are not the account's to give: it has none.
    expect((await guardian.client.put(`/api/events/${id}/answers`, { answers: { [size]: 'M' } })).status).toBe(403);
  });
});
