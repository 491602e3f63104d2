// Each of an event's optional texts (shared/event-texts.ts) as a client and the database see it: the API takes it
// up to its limit and names the field when it is longer; the column's CHECK holds the same limit, so a write that
// goes around the API cannot store more; and a text members read shows in the event's calendar entry under its
// heading. The texts are read from the table, so a new one is tried as soon as it is declared. On PGlite and
// (when configured) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TEXT_KEYS, EVENT_TEXTS, MEMBER_TEXT_KEYS, EVENT_TEXT_HEADINGS } from '../../shared/event-texts';
import { FIELD_NAMES } from '../../shared/field-names';
import type { EventSummary } from '../../shared/types';
import { columnOf } from '../../api/src/modules/events/event-columns';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)("an event's optional texts on %s", (kind) => {
  let app: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = (await app.signedIn({ name: 'Ada Admin', isAdmin: true })).client;
  });

  afterAll(async () => {
    await app?.stop();
  });

  it.each(EVENT_TEXT_KEYS)(
    'When %s is at its limit, then it is stored and read back; one more is a 400 naming it',
    async (key) => {
      const { max, name } = { max: EVENT_TEXTS[key].max, name: FIELD_NAMES[key] };
      const full = 'x'.repeat(max);
      const created = await admin.post<{ id: number }>('/api/events', { ...eventBody(), [key]: full });
      expect(created.status).toBe(201);
      const read = await admin.get<EventSummary>(`/api/events/${created.body.id}`);
      expect(read.body[key]).toBe(full);

      const tooLong = await admin.post<{ error: string }>('/api/events', { ...eventBody(), [key]: `${full}x` });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error).toBe(`${name} must be at most ${max} characters`);
    },
  );

  it.each(EVENT_TEXT_KEYS)("When a write goes around the API, then %s's column holds the same limit", async (key) => {
    const { max } = EVENT_TEXTS[key];
    const created = await admin.post<{ id: number }>('/api/events', eventBody());
    const prisma = app.deps.prisma;
    const write = (text: string) =>
      prisma.$executeRawUnsafe(`UPDATE events SET ${columnOf(key)} = $1 WHERE id = $2`, text, created.body.id);
    await expect(write('y'.repeat(max))).resolves.toBe(1);
    await expect(write('z'.repeat(max + 1))).rejects.toThrow();
    const read = await admin.get<EventSummary>(`/api/events/${created.body.id}`);
    expect(read.body[key]).toBe('y'.repeat(max));
  });

  it.each(MEMBER_TEXT_KEYS)('When %s is filled in, then the calendar entry says it under its heading', async (key) => {
    const created = await admin.post<{ id: number }>('/api/events', {
      ...eventBody(),
      [key]: 'Waterproofs and a torch',
    });
    const ics = await admin.get<string>(`/api/events/${created.body.id}/calendar.ics`);
    expect(ics.status).toBe(200);
    const unfolded = String(ics.body).replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`${EVENT_TEXT_HEADINGS[key].defaultMessage}: Waterproofs and a torch`);
  });
});
