// Every answer in the member's language: the saved choice, then the Telegram app's, then the browser's, then the
// organisation's default. Error bodies keep `error` (translated; English is the SPEC's text) and add a stable
// `code`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { eventBody } from '../support/events';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

const acceptLanguage = (value: string) => ({ headers: { 'accept-language': value } });
let nextTelegramId = 670_000_000;

/** Mini App initData of a new Telegram user whose app is set to `languageCode`. */
function miniApp(languageCode: string, extraHeaders: Record<string, string> = {}) {
  nextTelegramId += 1;
  const user = { id: nextTelegramId, first_name: 'Mini', language_code: languageCode };
  const initData = signInitData(
    { auth_date: String(Math.floor(Date.now() / 1000)), query_id: 'AAE', user: JSON.stringify(user) },
    TEST_BOT_TOKEN,
  );
  return { headers: { authorization: `tma ${initData}`, ...extraHeaders } };
}

describe.each(DATABASE_KINDS)('languages on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { ...TEST_BOT_ENV, DEFAULT_LANGUAGE: 'es' } });
  });
  afterAll(() => app.stop());

  /** A refusal every member can provoke: the directory is for organisers. */
  const refusal = { path: '/api/users' };

  it('When a member saves a language, then GET /users/me has it and their errors are in it whatever the browser says', async () => {
    const { client } = await app.signedIn();
    expect((await client.get('/api/users/me')).body.language).toBeNull();

    const saved = await client.patch('/api/users/me/language', { language: 'de' });

    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'de' });
    expect((await client.get('/api/users/me')).body.language).toBe('de');
    const refused = await client.get(refusal.path, acceptLanguage('fr-FR, en;q=0.8'));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'directory_organisers_only',
      error: 'Die Mitgliederliste sehen nur Orga-Leute und Admins.',
    });
  });

  it('When a member clears their language, then the browser’s decides again', async () => {
    const { client } = await app.signedIn();
    await client.patch('/api/users/me/language', { language: 'ru' });

    const cleared = await client.patch('/api/users/me/language', { language: null });

    expect(cleared.status).toBe(200);
    expect(cleared.body.language).toBeNull();
    expect((await client.get(refusal.path, acceptLanguage('fr'))).body).toEqual({
      code: 'directory_organisers_only',
      error: 'Seuls les organisateurs et les admins peuvent voir la liste des membres.',
    });
  });

  it('When the language is not one we speak or is missing, then it is 400 with a clear message and nothing changes', async () => {
    const { user, client } = await app.signedIn();
    await client.patch('/api/users/me/language', { language: 'uk' });
    for (const body of [{ language: 'it' }, { language: 'de-AT' }, {}, { language: 7 }, { language: 'de', x: 1 }]) {
      const res = await client.patch('/api/users/me/language', body, acceptLanguage('en'));
      expect({ body, status: res.status, answer: res.body }).toEqual({
        body,
        status: 400,
        answer:
          'x' in body
            ? { code: expect.any(String), error: expect.any(String) }
            : {
                code: 'language_unsupported',
                // The member's saved language (Ukrainian) wins over the browser's English.
                error: 'Мова має бути en, de, es, fr, ru, uk або ar (або null, щоб мову обирали застосунок і браузер)',
              },
      });
    }
    expect((await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).language).toBe('uk');
  });

  it('When nobody is signed in, then Accept-Language decides by q-value and regional tags match their language', async () => {
    const anonymous = app.anonymous();
    const errorIn = async (header: string) => (await anonymous.get(refusal.path, acceptLanguage(header))).body;

    expect(await errorIn('de-AT')).toEqual({
      code: 'not_signed_in',
      error: 'Dafür musst du angemeldet sein.',
    });
    expect((await errorIn('it, fr;q=0.5, ru;q=0.9')).error).toBe('Чтобы это сделать, нужно войти.');
    expect((await errorIn('ar-EG')).error).toBe('يجب أن تسجّل الدخول للقيام بهذا.');
    // Portuguese is not one of ours: the organisation's default (Spanish here) answers.
    expect((await errorIn('pt-BR')).error).toBe('Tienes que iniciar sesión para hacer esto.');
    expect((await errorIn('*')).error).toBe('Tienes que iniciar sesión para hacer esto.');
    // English stays the SPEC's text.
    expect(await errorIn('en-GB, de;q=0.9')).toEqual({
      code: 'not_signed_in',
      error: 'You need to be logged in to perform this action.',
    });
  });

  it('When the Mini App sends initData, then its Telegram language comes before Accept-Language but after a saved one', async () => {
    const anonymous = app.anonymous();
    const launched = await anonymous.get(refusal.path, miniApp('uk', { 'accept-language': 'de' }));
    expect(launched.status).toBe(403);
    expect(launched.body.error).toBe('Список учасників бачать лише організатори та адміни.');

    const regional = await anonymous.get(refusal.path, miniApp('pt-br', { 'accept-language': 'fr' }));
    expect(regional.body.error).toBe('Seuls les organisateurs et les admins peuvent voir la liste des membres.');

    const headers = miniApp('ru');
    await anonymous.patch('/api/users/me/language', { language: 'ar' }, headers);
    const saved = await anonymous.get(refusal.path, headers);
    expect(saved.body.error).toBe('قائمة الأعضاء متاحة للمنظمين والمشرفين فقط.');
  });

  it('When an admin changes the organisation’s language, then requests with no language of their own follow it', async () => {
    const admin = await app.signedIn({ isAdmin: true, role: 'admin' });
    await admin.client.patch('/api/admin/organisation', { defaultLanguage: 'fr' });
    try {
      // The default is read at most every few seconds per process.
      await expect
        .poll(async () => (await app.anonymous().get(refusal.path)).body.error, { timeout: 15_000, interval: 500 })
        .toBe('Tu dois être connecté·e pour faire ça.');
    } finally {
      await admin.client.patch('/api/admin/organisation', { defaultLanguage: 'es' });
    }
  });

  it('When a message has a count, then each language words it with its own plural form', async () => {
    const admin = await app.signedIn({ isAdmin: true, role: 'admin' });
    const created = await admin.client.post('/api/events', eventBody({ guestsAllowed: 2 }));
    const { client } = await app.signedIn();
    const rsvp = (language: string) =>
      client.post(
        `/api/events/${created.body.id}/attend`,
        { status: 'attending', guests: 5 },
        acceptLanguage(language),
      );

    expect((await rsvp('en')).body).toEqual({
      code: 'too_many_guests',
      error: 'You can bring at most 2 guests to this event',
    });
    expect((await rsvp('ru')).body.error).toBe('На это событие можно привести не больше 2 гостей');
    expect((await rsvp('ar')).body.error).toBe('يمكنك إحضار ضيفين كحد أقصى إلى هذه الفعالية');
    expect((await rsvp('de')).body.error).toBe('Du kannst höchstens 2 Gäste zu diesem Event mitbringen');
  });

  it('When a field fails its schema, then the message is in the request’s language with a code naming the rule', async () => {
    const admin = await app.signedIn({ isAdmin: true, role: 'admin' });
    const longName = eventBody({ name: 'x'.repeat(201) });
    const create = (language: string) => admin.client.post('/api/events', longName, acceptLanguage(language));

    const english = await create('en');
    expect(english.status).toBe(400);
    expect(english.body).toEqual({ code: 'field_too_long', error: 'Name must be at most 200 characters' });
    const german = await create('de');
    expect(german.status).toBe(400);
    expect(german.body).toEqual({ code: 'field_too_long', error: 'Der Name darf höchstens 200 Zeichen lang sein' });
    expect((await create('ru')).body.error).toBe('Поле «Название» может содержать не более 200 символов');

    // A request field keeps its name; the setting the client sent is named back.
    const settings = await admin.client.patch(
      '/api/admin/organisation',
      { membershipMode: 'open', favouriteColour: 'blue' },
      acceptLanguage('de'),
    );
    expect(settings.status).toBe(400);
    expect(settings.body).toEqual({ code: 'setting_unknown', error: 'Unbekannte Einstellung: favouriteColour' });
    const page = await admin.client.get('/api/events?when=later', acceptLanguage('de'));
    expect(page.body).toEqual({ code: 'field_either_or', error: 'when muss upcoming oder past sein' });
    const english2 = await admin.client.get('/api/events?when=later', acceptLanguage('en'));
    expect(english2.body).toEqual({ code: 'field_either_or', error: 'when must be upcoming or past' });
  });

  it('When the request itself is broken, then the error is still in the browser’s language, with a code', async () => {
    const res = await app.anonymous().request('POST', '/api/auth/logout', '{"broken', {
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'malformed_json', error: 'La solicitud tiene un JSON mal formado' });
    const missing = await app.anonymous().get('/api/no-such-thing', acceptLanguage('de'));
    expect(missing.body).toEqual({ code: 'not_found', error: 'Nicht gefunden' });
  });

  it('When a path id, an upload or a Mini App sign-in is refused, then the refusal is translated with its code', async () => {
    const admin = await app.signedIn({ isAdmin: true, role: 'admin' });
    const badId = await admin.client.get('/api/events/abc', acceptLanguage('de'));
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ code: 'id_invalid', error: 'Ungültige Event-ID' });
    const english = await admin.client.get('/api/events/abc', acceptLanguage('en'));
    expect(english.body).toEqual({ code: 'id_invalid', error: 'Invalid event id' });

    const notAFile = await admin.client.post('/api/images', { picture: 'cat.jpg' }, acceptLanguage('fr'));
    expect(notAFile.status).toBe(415);
    expect(notAFile.body).toEqual({
      code: 'image_body_wrong',
      error: 'Envoie le fichier image lui-même comme corps de la requête (JPEG, PNG ou WebP).',
    });

    const outsideTelegram = await app.anonymous().post('/api/auth/telegram-miniapp', {}, acceptLanguage('uk'));
    expect(outsideTelegram.status).toBe(401);
    expect(outsideTelegram.body).toEqual({
      code: 'mini_app_data_required',
      error: 'Відкрий застосунок із Telegram, щоб увійти через Telegram.',
    });
  });

  it('When sharing to Telegram or inviting unknown ids is refused, then the refusal is translated with its code', async () => {
    const admin = await app.signedIn({ isAdmin: true, role: 'admin', telegramId: String((nextTelegramId += 1)) });
    const secret = await admin.client.post('/api/events', eventBody({ name: 'Planning', isPublic: false }));
    const open = await admin.client.post('/api/events', eventBody({ name: 'Picnic', isPublic: true }));

    const privateShare = await admin.client.post(`/api/events/${secret.body.id}/share`, {}, acceptLanguage('fr'));
    expect(privateShare.status).toBe(403);
    expect(privateShare.body).toEqual({
      code: 'share_only_public',
      error: 'Seuls les événements publics peuvent être partagés sur Telegram.',
    });
    const webOnly = await app.signedIn();
    const noTelegram = await webOnly.client.post(`/api/events/${open.body.id}/share`, {}, acceptLanguage('ru'));
    expect(noTelegram.status).toBe(409);
    expect(noTelegram.body).toEqual({
      code: 'share_needs_telegram',
      error: 'Привяжи свой Telegram-аккаунт в Настройках, чтобы делиться событиями в Telegram.',
    });

    const unknown = await admin.client.post(
      `/api/events/${secret.body.id}/invitations`,
      { userIds: [2_000_000_000] },
      acceptLanguage('de'),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      code: 'unknown_invitees_named',
      error: 'Einige der Leute, die du einladen willst, gibt es nicht: 2000000000',
    });
  });
});
