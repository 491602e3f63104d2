// A person's name is someone else's text shown to everyone: it is cleaned when stored, whichever way the person
// signs in (Google, the Telegram Login Widget, the Mini App), and again at every sign-in, so it can neither
// reverse part of itself with bidi controls nor fake a second line ("Support Team").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authState } from '../support/auth-state';
import { DATABASE_KINDS } from '../support/databases';
import { signInitData, signLoginWidget, startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

/** A name as a hostile account could set it at Google or Telegram. */
const SPOOF = 'Eve <img src=x>\u202E\n\u2066Support\u2069 Team\u200B\r\n\t';
const CLEANED = 'Eve <img src=x> Support Team';
const HIDDEN = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;

const nowSeconds = () => Math.floor(Date.now() / 1000);
let nextTelegramId = 640_000_000;

describe.each(DATABASE_KINDS)('names are cleaned when stored on %s', (kind) => {
  let google: FakeGoogle;
  let app: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await startTestApp(kind, {
      env: { ...TEST_BOT_ENV, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
    });
  });
  afterAll(async () => {
    await app.stop();
    await google.close();
  });

  const storedName = async (id: number) => (await app.deps.prisma.user.findUniqueOrThrow({ where: { id } })).name;

  async function googleSignIn(email: string, name: string) {
    const credential = await google.idToken(email, { claims: { name } });
    const res = await app.anonymous().post('/api/auth/login', { credential });
    expect(res.status).toBe(200);
    return res.body as { id: number; name: string };
  }

  /** Signs in with Login Widget data for Telegram account `id` (a new one unless given). */
  async function widgetSignIn(firstName: string, lastName?: string, id = ++nextTelegramId) {
    const fields: Record<string, string | number> = {
      id,
      first_name: firstName,
      auth_date: nowSeconds(),
      ...(lastName === undefined ? {} : { last_name: lastName }),
    };
    const client = app.anonymous();
    const state = await authState(client, 'login');
    const data = signLoginWidget(fields, TEST_BOT_TOKEN);
    const res = await client.post('/api/auth/telegram-login', { telegramId: String(id), auth_data: data, state });
    expect(res.status).toBe(200);
    return { id: res.body.id as number, telegramId: id };
  }

  it('When a Google name holds bidi controls and line breaks, then it is stored on one line without them', async () => {
    const user = await googleSignIn('eve-google@example.org', SPOOF);
    expect(user.name).toBe(CLEANED);
    expect(await storedName(user.id)).toBe(CLEANED);
  });

  it('When a name is very long, then at most 64 characters of it are stored', async () => {
    const user = await googleSignIn('long-name@example.org', `${'Bartholomew '.repeat(10)}🙂`);
    const name = await storedName(user.id);
    expect(Array.from(name).length).toBeLessThanOrEqual(64);
    expect(name.startsWith('Bartholomew Bartholomew')).toBe(true);
    expect(name).toBe(name.trim());
  });

  it('When a name has nothing left once cleaned, then the email (Google) or "Telegram user" stands in', async () => {
    const byGoogle = await googleSignIn('blank-name@example.org', '\u202E\u200B\n\t ');
    expect(await storedName(byGoogle.id)).toBe('blank-name@example.org');
    const byTelegram = await widgetSignIn('\u2066\u2069', '\u200F\r\n');
    expect(await storedName(byTelegram.id)).toBe('Telegram user');
  });

  it('When a Telegram Login Widget name holds controls, then it is stored cleaned', async () => {
    const user = await widgetSignIn('Eve\u202E', 'Support\nTeam\u0007');
    const name = await storedName(user.id);
    expect(name).toBe('Eve Support Team');
    expect(name).not.toMatch(HIDDEN);
  });

  it('When the Mini App signs in a Telegram user whose name holds controls, then it is stored cleaned', async () => {
    const user = JSON.stringify({ id: 8_800_777, first_name: '\u202EEve', last_name: '\nSupport Team' });
    const initData = signInitData({ auth_date: String(nowSeconds()), user }, TEST_BOT_TOKEN);
    const res = await app.anonymous().get('/api/users/me', { headers: { authorization: `tma ${initData}` } });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Eve Support Team');
    const stored = await app.deps.prisma.user.findUniqueOrThrow({ where: { telegramId: '8800777' } });
    expect(stored.name).toBe('Eve Support Team');
  });

  it('When someone whose stored name is not clean signs in again, then the name is cleaned, not replaced', async () => {
    const viaGoogle = await app.deps.prisma.user.create({
      data: { name: `Old\u202E Name\nSupport`, googleSub: 'old-sub-1', googleEmail: 'old-name@example.org' },
    });
    await googleSignIn('old-name@example.org', 'Another Name');
    expect(await storedName(viaGoogle.id)).toBe('Old Name Support');

    const viaTelegram = await widgetSignIn('Tess');
    await app.deps.prisma.user.update({ where: { id: viaTelegram.id }, data: { name: 'Tess\u2067 Tyler\r\nAdmin' } });
    await widgetSignIn('Someone', 'Else', viaTelegram.telegramId);
    expect(await storedName(viaTelegram.id)).toBe('Tess Tyler Admin');
  });
});
