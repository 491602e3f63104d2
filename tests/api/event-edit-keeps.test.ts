// An edit (PATCH /api/events/{id}, the whole event as on create) that leaves an optional field out keeps what is
// stored, whichever field it is: one rule (api/src/modules/events/event-write.ts), so an older client that does not
// know a field never clears it. The fields are read from the schema, so a new optional field is tried as soon as
// it exists, with a sample value found for it. On PGlite and (when configured) PostgreSQL.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventUpdateSchema } from '../../shared/schemas/events';
import type { EventSummary } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** The fields an edit may leave out, as the schema says (each accepts a missing value). */
const OPTIONAL_FIELDS = Object.entries(eventUpdateSchema.shape)
  .filter(([, field]) => field.safeParse(undefined).success)
  .map(([name]) => name)
  .sort();

/** Values that only exist once made (a section's id), by field: tried first. */
const MADE: Record<string, unknown[]> = {};

/**
 * Values to try for a field, first to last: text, a zone, an instant before the event, numbers, yes and no, a
 * payment mode and a fee.
 */
const candidates = (field: string): unknown[] => [
  ...(MADE[field] ?? []),
  `Sample ${field}`,
  'Europe/Berlin',
  '2030-05-31T18:00:00.000Z',
  12,
  2,
  true,
  false,
  'pay_to_confirm',
  { amount: 1250, currency: 'EUR' },
];

/**
 * For each optional field, the first candidate its schema takes as it is and that a create does not give it by
 * default, so that the test can tell "kept" from "reset"; null when none fits (the first test names the field).
 */
function samplesBeside(defaults: Record<string, unknown>): Record<string, unknown> {
  const field = (name: string) => eventUpdateSchema.shape[name as keyof typeof eventUpdateSchema.shape];
  return Object.fromEntries(
    OPTIONAL_FIELDS.map((name) => {
      const fits = candidates(name).find((value) => {
        const parsed = field(name).safeParse(value);
        return parsed.success && isDeepStrictEqual(parsed.data, value) && !isDeepStrictEqual(defaults[name], value);
      });
      return [name, fits ?? null];
    }),
  );
}

describe.each(DATABASE_KINDS)('an edit that leaves a field out on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let id: number;
  let samples: Record<string, unknown>;
  let stored: Record<string, unknown>;

  const read = async (eventId: number) =>
    (await admin.get<EventSummary>(`/api/events/${eventId}`)).body as unknown as Record<string, unknown>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = (await app.signedIn({ name: 'Ada Admin', isAdmin: true })).client;
    const section = await admin.post<{ id: number }>('/api/sections', { name: 'Cubs' });
    expect(section.status).toBe(201);
    MADE.sectionId = [section.body.id];
    const plain = await admin.post<{ id: number }>('/api/events', eventBody({ isPublic: undefined }));
    expect(plain.status).toBe(201);
    samples = samplesBeside(await read(plain.body.id));
    const created = await admin.post<{ id: number }>('/api/events', { ...eventBody(), ...samples });
    expect(created.status).toBe(201);
    id = created.body.id;
    stored = await read(id);
  });
  afterAll(() => app?.stop());

  it('When the schema is read, then every optional field has a sample that a create stores and does not default to', () => {
    expect(OPTIONAL_FIELDS).toContain('publicSummary');
    for (const field of OPTIONAL_FIELDS) {
      expect(samples[field], `no sample fits ${field}: add one to candidates()`).not.toBeNull();
      expect(stored[field], `GET /api/events/{id} shows ${field} as created (EventSummary)`).toEqual(samples[field]);
    }
  });

  it.each(OPTIONAL_FIELDS)('When an edit leaves out %s, then the stored value is kept', async (field) => {
    const body: Record<string, unknown> = { ...eventBody({ name: `Edited without ${field}` }), ...samples };
    delete body[field];
    const res = await admin.patch(`/api/events/${id}`, body);
    expect(res.status).toBe(200);
    const after = await read(id);
    expect(after.name).toBe(`Edited without ${field}`);
    expect(after[field], `${field} after an edit without it`).toEqual(stored[field]);
  });
});
