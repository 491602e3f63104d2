// The backup is the whole membership's personal data: only an admin signed in on the website reaches it. The
// Mini App's session (handed out for initData at POST /api/auth/telegram-miniapp) and initData itself are bearer
// proofs that live inside a Telegram client; a leaked one must not be enough to list or download backups.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../support/databases';
import { signInitData } from '../support/signing';
import { startTestApp, TEST_BOT_ENV, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';

const WEBSITE_ONLY = { code: 'backups_website_only', error: 'Backups can be downloaded from the website only' };
const ADMIN_TELEGRAM_ID = 7_100_001;

/** initData as Telegram signs it when the admin opens the Mini App now. */
const launchData = () =>
  signInitData(
    {
      auth_date: String(Math.floor(Date.now() / 1000)),
      query_id: 'AAE',
      user: JSON.stringify({ id: ADMIN_TELEGRAM_ID, first_name: 'Tess', last_name: 'Admin' }),
    },
    TEST_BOT_TOKEN,
  );

describe.each(DATABASE_KINDS)('Backups from inside the Mini App on %s', (kind) => {
  let app: TestApp;
  let backupDir: string;
  let backupPath: string;
  beforeAll(async () => {
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'backup-website-only-')), 'backups');
    app = await startTestApp(kind, { env: { ...TEST_BOT_ENV, BACKUP_DIR: backupDir, BACKUP_ENABLED: 'false' } });
    backupPath = (await app.system.backupScheduler.runOnce())!.backup.path;
  }, 60_000);
  afterAll(async () => {
    await app.stop();
    await rm(path.dirname(backupDir), { recursive: true, force: true });
  });

  it('When an admin calls with the Mini App session from POST /api/auth/telegram-miniapp, then backups are 403', async () => {
    await app.deps.prisma.user.create({
      data: { name: 'Tess Admin', telegramId: String(ADMIN_TELEGRAM_ID), isAdmin: true, role: 'admin' },
    });
    const opened = await app.anonymous().post('/api/auth/telegram-miniapp', undefined, {
      headers: { authorization: `tma ${launchData()}` },
    });
    expect(opened.status).toBe(200);
    expect(opened.body.user).toMatchObject({ isAdmin: true });
    const session = { headers: { authorization: `Session ${opened.body.session as string}` } };
    // The same session does work for the admin's other calls: only the backups are kept to the website.
    expect((await app.anonymous().get('/api/users/me', session)).status).toBe(200);

    const download = await app.anonymous().get('/api/admin/backups/latest', session);
    const list = await app.anonymous().get('/api/admin/backups', session);

    expect(download.status).toBe(403);
    expect(download.body).toEqual(WEBSITE_ONLY);
    expect(download.headers.get('content-disposition')).toBeNull();
    expect(list.status).toBe(403);
    expect(list.body).toEqual(WEBSITE_ONLY);
  });

  it('When an admin calls with Mini App initData (tma), then the list and the download are 403', async () => {
    const tma = { headers: { authorization: `tma ${launchData()}` } };

    const download = await app.anonymous().get('/api/admin/backups/latest', tma);
    const list = await app.anonymous().get('/api/admin/backups', tma);

    expect(download.status).toBe(403);
    expect(download.body).toEqual(WEBSITE_ONLY);
    expect(list.status).toBe(403);
    expect(list.body).toEqual(WEBSITE_ONLY);
  });

  it('When the Mini App’s session or initData asks to make, replace or delete a backup, then every method and address under backups is 403', async () => {
    const opened = await app.anonymous().post('/api/auth/telegram-miniapp', undefined, {
      headers: { authorization: `tma ${launchData()}` },
    });
    expect(opened.status).toBe(200);
    const proofs = [`Session ${opened.body.session as string}`, `tma ${launchData()}`];
    const calls = [
      ['POST', '/api/admin/backups'],
      ['POST', '/api/admin/backups/run'],
      ['PUT', '/api/admin/backups/latest'],
      ['DELETE', '/api/admin/backups/latest'],
      ['GET', '/api/admin/backups/'],
      ['GET', `/api/admin/backups/${path.basename(backupPath)}`],
      ['HEAD', '/api/admin/backups/latest'],
    ] as const;
    const before = await app.deps.prisma.backup.count();
    for (const authorization of proofs) {
      for (const [method, address] of calls) {
        const res = await app.anonymous().request(method, address, undefined, { headers: { authorization } });
        const where = `${method} ${address} (${authorization.split(' ')[0]})`;
        expect(res.status, where).toBe(403);
        if (method !== 'HEAD') expect(res.body, where).toEqual(WEBSITE_ONLY);
        expect(res.headers.get('content-disposition'), where).toBeNull();
      }
    }
    expect(await app.deps.prisma.backup.count()).toBe(before);
  });

  it('When a website admin’s cookie comes with the Mini App’s session header, then the header decides: 403', async () => {
    const { client: admin } = await app.signedIn({ isAdmin: true, role: 'admin' });
    const opened = await app.anonymous().post('/api/auth/telegram-miniapp', undefined, {
      headers: { authorization: `tma ${launchData()}` },
    });
    const res = await admin.get('/api/admin/backups/latest', {
      headers: { authorization: `Session ${opened.body.session as string}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(WEBSITE_ONLY);
  });

  it('When the Mini App asks in German, then the refusal is in German', async () => {
    const res = await app.anonymous().get('/api/admin/backups', {
      headers: { authorization: `tma ${launchData()}`, 'accept-language': 'de' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'backups_website_only',
      error: 'Backups kannst du nur auf der Website herunterladen',
    });
  });

  it('When an admin signed in on the website asks, then the list and the file are theirs', async () => {
    const { client: admin } = await app.signedIn({ isAdmin: true, role: 'admin' });
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

    const list = await admin.get('/api/admin/backups');
    const download = await fetch(`${app.url}/api/admin/backups/latest`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });

    expect(list.status).toBe(200);
    expect(list.body.latest).toMatchObject({ name: path.basename(backupPath) });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(await readFile(backupPath));
  });

  it('When nobody is signed in, then it is 401 as before, and a member on the website still gets 403', async () => {
    const { client: member } = await app.signedIn();
    expect((await app.anonymous().get('/api/admin/backups')).status).toBe(401);
    expect((await app.anonymous().get('/api/admin/backups/latest')).status).toBe(401);
    const refused = await member.get('/api/admin/backups/latest');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Only administrators can perform this action.');
  });
});
