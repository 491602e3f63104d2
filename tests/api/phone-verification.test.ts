import { createHash } from 'node:crypto';
// A phone number is used for SMS only after its owner types back a code sent to it: the
// code arrives through the configured SMS provider (a local endpoint here), is limited in time, guesses and
// sends, and belongs to one member and one number.
import type { User } from '@prisma/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmsEndpoint } from '../notifications/sms-endpoint';
import { DATABASE_KINDS } from '../support/databases';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const MESSAGES = {
  smsNeedsPhone: 'Please add a phone number above to enable SMS notifications.',
  wrong: 'That code is not right. Check the SMS and try again.',
  expired: 'That code has expired. Send a new code and try again.',
  tooMany: 'Too many wrong codes. Send a new code and try again.',
  missing: 'No code is waiting for this number. Send a code first.',
  cooldown: 'A code was just sent. Please wait a minute before asking for another.',
  daily: 'Too many codes were sent today. Please try again tomorrow.',
  format: 'Enter the 6-digit code from the SMS.',
};
const SEND = '/api/users/me/phone/verification';
const VERIFY = '/api/users/me/phone/verify';
const MINUTE = 60_000;

let numberCounter = 0;
/** A number no other test uses (the per-number daily limit counts across members). */
const freshNumber = () => `+4917${String(Date.now() % 1e7).padStart(7, '0')}${String((numberCounter += 1) % 100)}`;

describe.each(DATABASE_KINDS)('phone verification on %s', (kind) => {
  let app: TestApp;
  let smsApi: Awaited<ReturnType<typeof startSmsEndpoint>>;
  let clock: number;
  const advance = (ms: number) => app.setNow(new Date((clock += ms)));

  beforeAll(async () => {
    smsApi = await startSmsEndpoint();
    app = await startTestApp(kind, {
      env: { SMS_PROVIDER: 'http', SMS_HTTP_URL: smsApi.url, SMS_HTTP_TOKEN: 'sms-token', SMS_FROM: 'Events' },
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smsApi?.stop();
  });
  beforeEach(() => {
    smsApi.requests.length = 0;
    smsApi.failWith(null);
    clock = Date.now();
    app.setNow(new Date(clock));
  });

  /** The code in the last SMS the provider received for `phoneNumber`. */
  function codeSentTo(phoneNumber: string): string {
    const sms = smsApi.requests.filter((request) => request.body.to === phoneNumber).at(-1);
    expect(sms, `an SMS to ${phoneNumber}`).toBeDefined();
    const code = /^(\d{6}) is your Community Events code\. It expires in 10 minutes\./.exec(sms!.body.text)?.[1];
    expect(code).toBeDefined();
    return code!;
  }

  /** A member with a saved (unverified) number, the way the settings page saves it. */
  async function memberWithPhone(phoneNumber = freshNumber()): Promise<{ user: User; client: TestClient }> {
    const member = await app.signedIn();
    expect((await member.client.patch('/api/users/me', { phoneNumber })).status).toBe(200);
    return { ...member, user: await app.deps.prisma.user.findUniqueOrThrow({ where: { id: member.user.id } }) };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const stored = (user: User) => app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } });

  it('When a member sets any number and ticks SMS, then it saves but the number stays unverified', async () => {
    // The attack: a stranger's number, SMS on. Saving works (SPEC: ticking saves at once)...
    const { client } = await app.signedIn();
    const saved = await client.patch('/api/users/me', { phoneNumber: '+15551234567' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phoneNumber: '+15551234567', phoneVerified: false });
    const prefs = await client.patch('/api/users/me/preferences', { preferences: ['sms'] });
    expect(prefs.status).toBe(200);
    expect(prefs.body).toMatchObject({ notificationPrefs: ['sms'], phoneVerified: false });
    // ...but the number is not verified, and only its owner can change that (see the tests below).
    expect((await client.get('/api/users/me')).body.phoneVerified).toBe(false);
    expect(smsApi.requests).toEqual([]);
  });

  it('When the member asks for a code, then it arrives by SMS and typing it back verifies the number', async () => {
    const { client, user } = await memberWithPhone();
    const sent = await client.post(SEND);
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ status: 'sent', expiresAt: new Date(clock + 10 * MINUTE).toISOString() });
    expect(smsApi.requests).toHaveLength(1);
    expect(smsApi.requests[0]!.authorization).toBe('Bearer sms-token');
    expect(smsApi.requests[0]!.body).toMatchObject({ to: user.phoneNumber, from: 'Events' });
    const code = codeSentTo(user.phoneNumber!);
    // Only a hash of the code is kept.
    const row = await app.deps.prisma.phoneVerification.findUniqueOrThrow({ where: { userId: user.id } });
    expect(JSON.stringify(row)).not.toContain(code);

    advance(9 * MINUTE);
    const verified = await client.post(VERIFY, { code });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: user.id, phoneNumber: user.phoneNumber, phoneVerified: true });
    expect((await client.get('/api/users/me')).body.phoneVerified).toBe(true);
    expect((await stored(user)).phoneVerifiedAt?.getTime()).toBe(clock);
    expect(await app.deps.prisma.phoneVerification.count({ where: { userId: user.id } })).toBe(0);

    // Nothing left to do: no SMS for a verified number, and the code is spent.
    const again = await client.post(SEND, {});
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'verified' });
    expect(smsApi.requests).toHaveLength(1);
  });

  it('When a wrong code is typed, then it is refused; after 5 guesses even the right code is void', async () => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    const code = codeSentTo(user.phoneNumber!);
    for (let guess = 1; guess <= 4; guess += 1) {
      const res = await client.post(VERIFY, { code: wrongCode(code) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.wrong });
    }
    const fifth = await client.post(VERIFY, { code: '000000' === code ? '111111' : '000000' });
    expect(fifth.body).toEqual({ code: expect.any(String), error: MESSAGES.tooMany });
    const right = await client.post(VERIFY, { code });
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ code: expect.any(String), error: MESSAGES.tooMany });
    expect((await stored(user)).phoneVerifiedAt).toBeNull();

    // A new code (after the resend wait) starts afresh.
    advance(MINUTE);
    expect((await client.post(SEND)).status).toBe(202);
    const fresh = await client.post(VERIFY, { code: codeSentTo(user.phoneNumber!) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.phoneVerified).toBe(true);
  });

  it('When many guesses arrive at once, then no more than 5 are counted and none gets past the limit', async () => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    const code = codeSentTo(user.phoneNumber!);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((guess) => client.post(VERIFY, { code: guess })));
    expect(answers.every((res) => res.status === 400)).toBe(true);
    const row = await app.deps.prisma.phoneVerification.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row.attempts).toBe(5);
    expect((await client.post(VERIFY, { code })).body).toEqual({ code: expect.any(String), error: MESSAGES.tooMany });
  });

  it('When the code is older than 10 minutes, then it is refused and a new one is needed', async () => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    const code = codeSentTo(user.phoneNumber!);
    advance(10 * MINUTE);
    const late = await client.post(VERIFY, { code });
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ code: expect.any(String), error: MESSAGES.expired });
    expect((await stored(user)).phoneVerifiedAt).toBeNull();
  });

  it('When a code is asked for again within a minute, then it is 429 with Retry-After; later a new code replaces it', async () => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    const first = codeSentTo(user.phoneNumber!);
    advance(20_000);
    const early = await client.post(SEND);
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ code: expect.any(String), error: MESSAGES.cooldown });
    expect(early.headers.get('retry-after')).toBe('40');
    expect(smsApi.requests).toHaveLength(1);

    advance(40_000);
    expect((await client.post(SEND)).status).toBe(202);
    const second = codeSentTo(user.phoneNumber!);
    expect(smsApi.requests).toHaveLength(2);
    if (second !== first)
      expect((await client.post(VERIFY, { code: first })).body).toEqual({
        code: expect.any(String),
        error: MESSAGES.wrong,
      });
    expect((await client.post(VERIFY, { code: second })).status).toBe(200);
  });

  it('When several sends arrive at once, then one SMS goes out', async () => {
    const { client } = await memberWithPhone();
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post(SEND)));
    expect(answers.map((res) => res.status).sort()).toEqual([202, 429, 429, 429, 429]);
    expect(smsApi.requests).toHaveLength(1);
  });

  it('When a member asks for a 6th code in a day, then it is refused, whatever the wait in between', async () => {
    const { client } = await memberWithPhone();
    for (let send = 1; send <= 5; send += 1) {
      expect((await client.post(SEND)).status).toBe(202);
      advance(MINUTE);
    }
    const sixth = await client.post(SEND);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ code: expect.any(String), error: MESSAGES.daily });
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect(smsApi.requests).toHaveLength(5);
    // Changing the number does not reset the member's count.
    expect((await client.patch('/api/users/me', { phoneNumber: freshNumber() })).status).toBe(200);
    expect((await client.post(SEND)).status).toBe(429);
    expect(smsApi.requests).toHaveLength(5);
  });

  it('When many members point one number at a stranger, then that number gets at most 5 codes a day', async () => {
    const target = freshNumber();
    for (let member = 1; member <= 5; member += 1) {
      // With and without the plus: the same phone.
      const { client } = await memberWithPhone(member % 2 ? target : target.slice(1));
      expect((await client.post(SEND)).status).toBe(202);
    }
    const { client } = await memberWithPhone(target);
    const refused = await client.post(SEND);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: expect.any(String), error: MESSAGES.daily });
    expect(smsApi.requests).toHaveLength(5);
  });

  it('When codes are counted per number, then the rate-limit keys hold a keyed hash, never the number', async () => {
    const target = freshNumber();
    const { client } = await memberWithPhone(target);
    expect((await client.post(SEND)).status).toBe(202);
    const digits = target.replace(/\D/g, '');
    const keys = (await app.deps.prisma.rateLimitBucket.findMany({ select: { key: true } })).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith('phone-code-day:number:'))).not.toHaveLength(0);
    // Neither the number nor its plain SHA-256 (which anyone could compute for every number) is stored.
    const plainHash = createHash('sha256').update(digits).digest('hex');
    for (const key of keys) {
      expect(key).not.toContain(digits);
      expect(key).not.toContain(digits.slice(-7));
      expect(key).not.toContain(plainHash);
    }
  });

  it('When the member has no phone number, then asking for a code says to add one', async () => {
    const { client } = await app.signedIn();
    const res = await client.post(SEND);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: MESSAGES.smsNeedsPhone });
    expect((await client.post(VERIFY, { code: '123456' })).body).toEqual({
      code: expect.any(String),
      error: MESSAGES.smsNeedsPhone,
    });
    expect(smsApi.requests).toEqual([]);
  });

  it('When the number is changed, then it is unverified and a pending code is void; the same number keeps it', async () => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    expect((await client.post(VERIFY, { code: codeSentTo(user.phoneNumber!) })).status).toBe(200);

    const same = await client.patch('/api/users/me', { phoneNumber: ` ${user.phoneNumber} ` });
    expect(same.body).toMatchObject({ phoneNumber: user.phoneNumber, phoneVerified: true });

    const other = freshNumber();
    const changed = await client.patch('/api/users/me', { phoneNumber: other });
    expect(changed.body).toMatchObject({ phoneNumber: other, phoneVerified: false });
    expect((await stored(user)).phoneVerifiedAt).toBeNull();

    // A code for the new number, then a switch back: the code was for the new number only, and is gone.
    expect((await client.post(SEND)).status).toBe(202);
    const code = codeSentTo(other);
    const back = await client.patch('/api/users/me', { phoneNumber: user.phoneNumber });
    expect(back.body.phoneVerified).toBe(false);
    expect((await client.post(VERIFY, { code })).body).toEqual({ code: expect.any(String), error: MESSAGES.missing });
    expect(await app.deps.prisma.phoneVerification.count({ where: { userId: user.id } })).toBe(0);
  });

  it("When another member has the code, then it verifies nothing for them, nor for the number's owner", async () => {
    const victim = await memberWithPhone();
    expect((await victim.client.post(SEND)).status).toBe(202);
    const code = codeSentTo(victim.user.phoneNumber!);

    const intruder = await app.signedIn();
    expect((await intruder.client.post(VERIFY, { code })).body).toEqual({
      code: expect.any(String),
      error: MESSAGES.smsNeedsPhone,
    });
    await intruder.client.patch('/api/users/me', { phoneNumber: victim.user.phoneNumber });
    expect((await intruder.client.post(VERIFY, { code })).body).toEqual({
      code: expect.any(String),
      error: MESSAGES.missing,
    });
    expect((await intruder.client.post(SEND)).status).toBe(202);
    // The victim's code is bound to the victim: for the intruder it is just a wrong guess.
    if (codeSentTo(victim.user.phoneNumber!) !== code) {
      expect((await intruder.client.post(VERIFY, { code })).body).toEqual({
        code: expect.any(String),
        error: MESSAGES.wrong,
      });
    }
    expect((await stored(intruder.user)).phoneVerifiedAt).toBeNull();
    expect((await stored(victim.user)).phoneVerifiedAt).toBeNull();
    expect((await app.anonymous().post(VERIFY, { code })).status).toBe(401);
    expect((await app.anonymous().post(SEND)).status).toBe(401);
  });

  it.each([
    [{}, MESSAGES.format],
    [{ code: '' }, MESSAGES.format],
    [{ code: '12345' }, MESSAGES.format],
    [{ code: '1234567' }, MESSAGES.format],
    [{ code: 'abcdef' }, MESSAGES.format],
    [{ code: 123456 }, MESSAGES.format],
  ])('When the code sent is %j, then it is 400 and counts as no guess', async (body, message) => {
    const { client, user } = await memberWithPhone();
    expect((await client.post(SEND)).status).toBe(202);
    const res = await client.post(VERIFY, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: expect.any(String), error: message });
    expect((await app.deps.prisma.phoneVerification.findUniqueOrThrow({ where: { userId: user.id } })).attempts).toBe(
      0,
    );
  });

  it('When the send call carries unknown fields, then it is refused before anything is sent', async () => {
    const { client } = await memberWithPhone();
    const res = await client.post(SEND, { phoneNumber: '+15550009999' });
    expect(res.status).toBe(400);
    expect(smsApi.requests).toEqual([]);
  });

  it('When the SMS provider refuses the code, then it is a 502 and the member may try again at once', async () => {
    const { client, user } = await memberWithPhone();
    smsApi.failWith(400);
    const failed = await client.post(SEND);
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/could not be sent by SMS/);
    expect(await app.deps.prisma.phoneVerification.count({ where: { userId: user.id } })).toBe(0);
    smsApi.failWith(null);
    expect((await client.post(SEND)).status).toBe(202);
  });

  it('When a member reads the app in German or Ukrainian, then the code arrives in that language', async () => {
    const german = await memberWithPhone();
    expect((await german.client.patch('/api/users/me/language', { language: 'de' })).status).toBe(200);
    expect((await german.client.post(SEND)).status).toBe(202);
    const ukrainian = await memberWithPhone();
    const sent = await ukrainian.client.post(SEND, undefined, { headers: { 'accept-language': 'uk-UA,uk;q=0.9' } });
    expect(sent.status).toBe(202);

    const texts = smsApi.requests.map((request) => request.body.text);
    expect(texts).toEqual([
      expect.stringMatching(/^\d{6} ist dein Code für Community Events\. Er läuft in 10 Minuten ab\./),
      expect.stringMatching(/^\d{6} — твій код для Community Events\. Він діє 10 хвилин\./),
    ]);
    // The code in the German SMS is the one that confirms the number.
    const code = /^(\d{6})/.exec(texts[0]!)![1]!;
    expect((await german.client.post(VERIFY, { code })).body).toMatchObject({ phoneVerified: true });
  });
});
