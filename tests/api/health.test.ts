import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(DATABASE_KINDS)('health and basics on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.stop());

  it('When the database answers, then GET /api/health is 200 ok', async () => {
    const res = await app.anonymous().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('When a path under /api does not exist, then it answers 404 with an error body', async () => {
    const res = await app.anonymous().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });

  it('When not signed in, then /api/users/me is 401 with the SPEC message', async () => {
    const res = await app.anonymous().get('/api/users/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'You need to be logged in to perform this action.' });
  });

  it('When signed in, then /api/users/me returns the user without secrets', async () => {
    const { client, user } = await app.signedIn({ name: 'Ada', phoneNumber: '+4912345' });
    const res = await client.get('/api/users/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: 'Ada', phoneNumber: '+4912345', isAdmin: false });
  });

  it('When the JSON body is malformed, then it answers 400, not 500', async () => {
    const { client } = await app.signedIn();
    const res = await client.post('/api/auth/logout', undefined, { rawBody: '{"a":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Malformed JSON in request body' });
  });

  it('When a cookie-authenticated write comes from another site, then it is refused', async () => {
    const { client } = await app.signedIn();
    const res = await client.post('/api/auth/logout', {}, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Cross-site request refused' });
    expect((await client.get('/api/users/me')).status).toBe(200);
  });
});
