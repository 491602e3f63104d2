// An edit (PATCH /api/events/{id}, the whole event as on create) that leaves an optional field out keeps what is
// stored, whichever field it is: one rule (api/src/modules/events/event-write.ts), so an older client that does not
// know a field never clears it. The fields are read from the schema, so a new optional field is tried as soon as
// it exists; it needs only a sample below (typecheck asks for one). On PGlite and (when configured) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eventUpdateSchema } from '../../shared/schemas';
import type { EventSummary } from '../../shared/types';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type EditInput = z.input<typeof eventUpdateSchema>;
type OptionalField = { [K in keyof EditInput]-?: undefined extends EditInput[K] ? K : never }[keyof EditInput];

/** The fields an edit may leave out, as the schema says (each accepts a missing value). */
const OPTIONAL_FIELDS = Object.entries(eventUpdateSchema.shape)
  .filter(([, field]) => field.safeParse(undefined).success)
  .map(([name]) => name)
  .sort();

/**
 * For each optional field, a value a create does not give it by default, as the client sends it and the API
 * reads it back (so the test can tell "kept" from "reset").
 */
const SAMPLES: { [K in OptionalField]-?: Exclude<EditInput[K], undefined> } = {
  timeZone: 'Europe/Berlin',
  isPublic: false,
  publicSummary: 'Boots and a torch',
  capacity: 12,
  guestsAllowed: 2,
  rsvpClosesAt: '2030-05-31T18:00:00.000Z',
  rsvpDigest: true,
  requiresGuardianApproval: true,
};

describe.each(DATABASE_KINDS)('an edit that leaves a field out on %s', (kind) => {
  let app: TestApp;
  let admin: TestClient;
  let id: number;
  let stored: EventSummary;
  let defaults: EventSummary;

  const read = async (eventId: number) => (await admin.get<EventSummary>(`/api/events/${eventId}`)).body;

  beforeAll(async () => {
    app = await startTestApp(kind);
    admin = (await app.signedIn({ name: 'Ada Admin', isAdmin: true })).client;
    const created = await admin.post<{ id: number }>('/api/events', eventBody(SAMPLES));
    expect(created.status).toBe(201);
    id = created.body.id;
    stored = await read(id);
    const plain = await admin.post<{ id: number }>('/api/events', eventBody({ isPublic: undefined }));
    expect(plain.status).toBe(201);
    defaults = await read(plain.body.id);
  });
  afterAll(() => app?.stop());

  it('When the schema is read, then every optional field has a sample that a create stores and does not default to', () => {
    expect(Object.keys(SAMPLES).sort(), 'give each optional field of eventUpdateSchema a sample in SAMPLES').toEqual(
      OPTIONAL_FIELDS,
    );
    for (const field of OPTIONAL_FIELDS) {
      const sample = SAMPLES[field as OptionalField];
      expect(stored[field as keyof EventSummary], `GET /api/events/{id} shows ${field} as created`).toEqual(sample);
      expect(
        defaults[field as keyof EventSummary],
        `${field}'s sample must differ from a create's default`,
      ).not.toEqual(sample);
    }
  });

  it.each(OPTIONAL_FIELDS)('When an edit leaves out %s, then the stored value is kept', async (field) => {
    const body: Record<string, unknown> = eventBody({ ...SAMPLES, name: `Edited without ${field}` });
    delete body[field];
    const res = await admin.patch(`/api/events/${id}`, body);
    expect(res.status).toBe(200);
    const after = await read(id);
    expect(after.name).toBe(`Edited without ${field}`);
    expect(after[field as keyof EventSummary], `${field} after an edit without it`).toEqual(
      stored[field as keyof EventSummary],
    );
  });
});
