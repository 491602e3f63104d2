// The care card as its owner, a guardian and an admin meet it over HTTP: read and written whole, refused field by
// field with the field named, kept by a linked guardian once there is one (the minor's own save is refused),
// sealed in the database, in the member's data export, and gone with the account — on PGlite and PostgreSQL.
import type { User } from '@prisma/client';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../api/src/lib/secrets';
import { MSG } from '../../shared/messages';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

type Signed = { user: User; client: TestClient };

const CHILD_BIRTH = new Date('2016-05-01T00:00:00.000Z');
const ADULT_BIRTH = new Date('1988-03-12T00:00:00.000Z');
const EMPTY = {
  allergies: null,
  medications: null,
  medicalNotes: null,
  dietary: { needs: [], notes: null },
  emergencyContacts: [],
};
const CARD = {
  allergies: 'Peanuts and tree nuts: carries an EpiPen',
  medications: 'Salbutamol inhaler before sport',
  medicalNotes: 'Asthma, mild',
  dietary: { needs: ['nut_free', 'vegetarian', 'nut_free'], notes: 'No sesame either' },
  emergencyContacts: [
    { name: 'Helga Brandt', relation: 'Mother', phone: '+4915123456789' },
    { name: 'Jonas Brandt', relation: 'Uncle', phone: '+447700900123' },
  ],
};
/** What the card reads back as: needs once each, in the list's order. */
const SAVED = { ...CARD, dietary: { needs: ['vegetarian', 'nut_free'], notes: 'No sesame either' } };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each(DATABASE_KINDS)('the care card on %s', (kind) => {
  let app: TestApp;
  let admin: Signed;
  let people = 0;
  /** Every line the app logs, as pino writes it. */
  const logged: string[] = [];

  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => logged.push(line) });
    app = await startTestApp(kind, { logger });
    admin = await app.signedIn({ name: 'Ada Admin', isAdmin: true, role: 'admin', birthDate: ADULT_BIRTH });
  });
  afterAll(() => app.stop());

  const person = (data: Partial<User> = {}) =>
    app.signedIn({ googleEmail: `care-${++people}-${kind}@example.org`, birthDate: ADULT_BIRTH, ...data });

  /** A minor whose guardian account is linked (consent given and confirmed). */
  async function childWithGuardian(): Promise<{ child: Signed; guardian: Signed }> {
    const child = await person({ name: 'Lena Brandt', birthDate: CHILD_BIRTH });
    const guardian = await person({ name: 'Helga Brandt', role: 'guardian' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    await app.deps.prisma.guardianConsent.create({
      data: { childId: child.user.id, guardianId: guardian.user.id, method: 'email_link', textVersion: 0 },
    });
    return { child, guardian };
  }

  async function careEntries(memberId: number) {
    const res = await admin.client.get('/api/admin/audit?action=care.viewed');
    expect(res.status).toBe(200);
    return (res.body.entries as Array<{ subject: { id: string } }>).filter(
      (entry) => entry.subject.id === String(memberId),
    );
  }

  it('When a member without a card reads it, then every field is empty and updatedAt is null; once saved, it reads back whole', async () => {
    const { client } = await person();
    const empty = await client.get('/api/users/me/care');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(empty.body).toEqual({ ...EMPTY, updatedAt: null });

    const saved = await client.put('/api/users/me/care', CARD);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...SAVED, updatedAt: expect.stringMatching(ISO) });
    expect((await client.get('/api/users/me/care')).body).toEqual(saved.body);

    // PUT replaces the card: what is left out is saved empty.
    const replaced = await client.put('/api/users/me/care', { allergies: '  Wasps  ' });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({ ...EMPTY, allergies: 'Wasps', updatedAt: expect.stringMatching(ISO) });
  });

  it('When a card is sent with a field that is wrong, then 400 names the field and the saved card stays as it was', async () => {
    const { client } = await person();
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    const contact = { name: 'Helga Brandt', relation: 'Mother', phone: '+4915123456789' };
    const cases: Array<[Record<string, unknown>, string | RegExp]> = [
      [{ allergies: 'x'.repeat(1001) }, 'allergies must be at most 1000 characters'],
      [{ medications: 42 }, 'medications must be text'],
      [{ medicalNotes: 'y'.repeat(1001) }, 'medicalNotes must be at most 1000 characters'],
      [{ dietary: 'vegan' }, 'dietary must be an object'],
      [{ dietary: { needs: 'vegan' } }, 'dietary.needs must be a list'],
      [
        { dietary: { needs: ['paleo'] } },
        'dietary.needs must be one of vegetarian, vegan, halal, kosher, gluten_free, lactose_free, nut_free',
      ],
      [{ dietary: { needs: [], notes: 'z'.repeat(1001) } }, 'dietary.notes must be at most 1000 characters'],
      [{ emergencyContacts: contact }, 'emergencyContacts must be a list'],
      [{ emergencyContacts: [contact, contact, contact, contact] }, 'emergencyContacts can have at most 3 entries'],
      [
        { emergencyContacts: [contact, { ...contact, phone: '07700 900123' }] },
        'emergencyContacts[1].phone must be a phone number in international format, such as +447700900123',
      ],
      [
        { emergencyContacts: [{ relation: 'Mother', phone: '+4915123456789' }] },
        'emergencyContacts[0].name is required',
      ],
      [{ emergencyContacts: [{ ...contact, relation: ' ' }] }, 'emergencyContacts[0].relation is required'],
      [{ bloodType: 'A+' }, /bloodType/],
    ];
    for (const [body, message] of cases) {
      const res = await client.put('/api/users/me/care', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (typeof message === 'string') expect(res.body.error, JSON.stringify(body)).toBe(message);
      else expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect((await client.get('/api/users/me/care')).body).toEqual({ ...SAVED, updatedAt: expect.stringMatching(ISO) });
    // Exactly at the limit is accepted.
    const full = 'x'.repeat(1000);
    const atLimit = await client.put('/api/users/me/care', {
      allergies: full,
      medications: full,
      medicalNotes: full,
      dietary: { needs: [], notes: full },
    });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body).toMatchObject({ allergies: full, medicalNotes: full, dietary: { notes: full } });
  });

  it('When a refusal is asked for in German, then the field is named in the German sentence', async () => {
    const { client } = await person();
    const res = await client.put(
      '/api/users/me/care',
      { emergencyContacts: [{ name: 'A', relation: 'B' }] },
      {
        headers: { 'Accept-Language': 'de' },
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('emergencyContacts[0].phone ist erforderlich');
  });

  it("When a guardian reads and writes their child's card, then the child reads what the guardian wrote and each guardian read is audited", async () => {
    const { child, guardian } = await childWithGuardian();
    const written = await guardian.client.put(`/api/guardian/children/${child.user.id}/care`, CARD);
    expect(written.status).toBe(200);
    expect(written.body).toEqual({ ...SAVED, updatedAt: expect.stringMatching(ISO) });

    const read = await guardian.client.get(`/api/guardian/children/${child.user.id}/care`);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.body).toEqual(written.body);
    expect((await child.client.get('/api/users/me/care')).body).toEqual(written.body);

    expect(await careEntries(child.user.id)).toEqual([
      expect.objectContaining({
        actor: { id: guardian.user.id, name: 'Helga Brandt' },
        action: 'care.viewed',
        subject: { type: 'member', id: String(child.user.id) },
        details: { eventId: null, via: 'guardian' },
      }),
    ]);
  });

  it("When someone who is not the child's guardian asks for the child's card, then 403 as on the other guardian pages, and 409 while their consent waits for a leader", async () => {
    const { child } = await childWithGuardian();
    const stranger = await person({ name: 'Sam Stranger' });
    for (const id of [child.user.id, 987_654]) {
      for (const res of [
        await stranger.client.get(`/api/guardian/children/${id}/care`),
        await stranger.client.put(`/api/guardian/children/${id}/care`, CARD),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ code: 'not_your_child', error: MSG.notYourChild });
      }
    }
    const waiting = await person({ name: 'Walt Waiting', role: 'guardian' });
    await app.deps.prisma.guardianConsent.create({
      data: {
        childId: child.user.id,
        guardianId: waiting.user.id,
        method: 'email_link',
        textVersion: 0,
        verifiedAt: null,
      },
    });
    const res = await waiting.client.get(`/api/guardian/children/${child.user.id}/care`);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(MSG.guardianAwaitingVerification);
    expect(await careEntries(child.user.id)).toEqual([]);
  });

  it('When a minor saves their own card, then it is saved until a guardian is linked, and refused 403 from then on with the card unchanged', async () => {
    const child = await person({ name: 'Mia Young', birthDate: CHILD_BIRTH });
    const first = await child.client.put('/api/users/me/care', { allergies: 'Penicillin' });
    expect(first.status).toBe(200);

    const guardian = await person({ name: 'Greta Young', role: 'guardian' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: child.user.id } });
    const refused = await child.client.put('/api/users/me/care', { allergies: 'None' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 'care_kept_by_guardian', error: 'Your parent or guardian keeps this card.' });
    const still = await child.client.get('/api/users/me/care');
    expect(still.status).toBe(200);
    expect(still.body).toEqual(first.body);

    // An adult with a guardianship row (they came of age) keeps their own card.
    const grown = await person({ name: 'Olli Older' });
    await app.deps.prisma.guardianship.create({ data: { guardianId: guardian.user.id, childId: grown.user.id } });
    expect((await grown.client.put('/api/users/me/care', { allergies: 'Latex' })).status).toBe(200);
  });

  it('When a card is saved, then the database column holds ciphertext without a word of the card', async () => {
    const { user, client } = await person();
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    const rows = await app.deps.prisma.$queryRaw<Array<{ sealed: string }>>`
      SELECT "sealed" FROM "care_cards" WHERE "user_id" = ${user.id}`;
    expect(rows).toHaveLength(1);
    const sealed = rows[0]!.sealed;
    expect(sealed).toMatch(/^v1\./);
    for (const word of ['Peanuts', 'EpiPen', 'Salbutamol', 'Asthma', 'sesame', 'Helga', '+4915123456789', 'nut_free']) {
      expect(sealed.toLowerCase()).not.toContain(word.toLowerCase());
    }
  });

  it('When a stored card cannot be opened with the secrets key, then it reads empty and unreadable, and the log says so without its words', async () => {
    const { user, client } = await person();
    const otherKey = createSecretBox('b'.repeat(64));
    const updatedAt = new Date('2030-01-01T00:00:00.000Z');
    await app.deps.prisma.careCard.create({
      data: { userId: user.id, sealed: otherKey.encrypt(JSON.stringify(SAVED)), updatedAt },
    });
    const res = await client.get('/api/users/me/care');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...EMPTY, updatedAt: updatedAt.toISOString(), unreadable: true });
    expect(logged.join('\n')).toContain('A care card could not be opened');
  });

  it('When cards are saved, read, refused and downloaded, then no log line holds a word of them', async () => {
    const { client } = await person();
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    expect((await client.get('/api/users/me/care')).status).toBe(200);
    expect((await client.put('/api/users/me/care', { ...CARD, medicalNotes: 42 })).status).toBe(400);
    expect((await client.get('/api/users/me/export')).status).toBe(200);
    await expect.poll(() => logged.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThan(4);
    const log = logged.join('\n').toLowerCase();
    for (const word of ['peanuts', 'epipen', 'salbutamol', 'asthma', 'sesame', '+4915123456789']) {
      expect(log).not.toContain(word);
    }
  });

  it('When an admin reads a member’s card, then it is answered and audited; a member asking the same gets 403', async () => {
    const { user, client } = await person({ name: 'Rita Reader' });
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    const read = await admin.client.get(`/api/admin/members/${user.id}/care`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...SAVED, updatedAt: expect.stringMatching(ISO) });
    expect(await careEntries(user.id)).toEqual([
      expect.objectContaining({
        actor: { id: admin.user.id, name: 'Ada Admin' },
        details: { eventId: null, via: 'admin' },
      }),
    ]);
    const other = await person();
    expect((await other.client.get(`/api/admin/members/${user.id}/care`)).status).toBe(403);
    expect((await admin.client.get('/api/admin/members/987654/care')).status).toBe(404);
  });

  it('When a member downloads their data, then the export holds their care card, opened', async () => {
    const { client } = await person();
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    const res = await client.get('/api/users/me/export');
    expect(res.status).toBe(200);
    expect(res.body.careCard).toEqual({ ...SAVED, updatedAt: expect.stringMatching(ISO) });
  });

  it('When a member deletes their account, then their care card is gone from the database', async () => {
    const { user, client } = await person();
    expect((await client.put('/api/users/me/care', CARD)).status).toBe(200);
    const count = async () =>
      (
        await app.deps.prisma.$queryRaw<Array<{ n: number }>>`
          SELECT count(*)::int AS n FROM "care_cards" WHERE "user_id" = ${user.id}`
      )[0]!.n;
    expect(await count()).toBe(1);
    expect((await client.request('DELETE', '/api/users/me', { confirm: true })).status).toBe(204);
    expect(await count()).toBe(0);
  });
});
