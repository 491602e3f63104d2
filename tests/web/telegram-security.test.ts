// Telegram sign-in and linking attacked as a real attacker would, in a real browser: a page on another site
// sends a signed-in victim to the callback URL with the attacker's valid Telegram data (account takeover by
// link, login CSRF) or the attacker's login code; and the honest flows, which start with the member's click.
import type { User } from '@prisma/client';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { createLoginCodesService } from '../../api/src/modules/telegram/login-codes-service';
import { TestClient } from '../support/http-client';
import { signLoginWidget } from '../support/signing';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import { checkScreen, launchBrowser, openPage, shows } from './browser';

const BOT = 'events_test_bot';
const ATTACKER = { id: 555000111, first_name: 'Mallory', last_name: 'Evil', username: 'mallory_evil' };

/** Valid Login Widget data for the attacker's own Telegram account, as the attacker can always get. */
const attackerWidgetData = () =>
  signLoginWidget({ ...ATTACKER, auth_date: Math.floor(Date.now() / 1000) }, TEST_BOT_TOKEN);

const query = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();

/** A page on another site (localhost is another site than 127.0.0.1) that sends its visitor to `target`. */
async function startAttackerSite(): Promise<{ url: (target: string) => string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://localhost').searchParams.get('to') ?? '/';
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><title>Free pizza</title><script>location.href = ${JSON.stringify(target)};</script>`);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (target) => `http://localhost:${port}/?to=${encodeURIComponent(target)}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('Telegram sign-in and linking under attack, in a real browser', () => {
  let app: TestApp;
  let browser: Browser;
  let attackerSite: Awaited<ReturnType<typeof startAttackerSite>>;

  beforeAll(async () => {
    [app, browser, attackerSite] = await Promise.all([
      startTestApp('pglite', {
        env: { DEMO_MODE: 'off', TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: BOT },
      }),
      launchBrowser(),
      startAttackerSite(),
    ]);
  });

  afterAll(async () => {
    await attackerSite?.close();
    await browser?.close();
    await app?.stop();
  });

  /** A browser signed in as a new Google-only admin: the victim. */
  async function victimBrowser(): Promise<{ page: Page; victim: User }> {
    const victim = await app.deps.prisma.user.create({
      data: { name: 'Alice Admin', googleEmail: `alice${Date.now()}@example.org`, isAdmin: true },
    });
    const page = await openPage(browser, app.url);
    const token = await createSession(app.deps, victim.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return { page, victim };
  }

  const callback = (params: string) => `${app.url}/telegram-auth-callback?${params}`;
  const telegramIdOf = async (user: User) =>
    (await app.deps.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).telegramId;
  /** Who this browser is signed in as, asked the way the app asks. */
  const whoAmI = (page: Page) =>
    page.evaluate(async () => {
      const res = await fetch('/api/users/me');
      return res.ok ? ((await res.json()) as { name: string }).name : null;
    });

  it("When another site sends a signed-in admin to the link callback with the attacker's Telegram data, then nothing is linked", async () => {
    const { page, victim } = await victimBrowser();
    // The attacker even holds a genuine link state of their own, issued to their own browser and account.
    const attacker = await app.signedIn({ name: 'Mallory' });
    const stolen = await attacker.client.post('/api/auth/state', { purpose: 'link' });
    expect(stolen.status).toBe(200);

    const attempts: Record<string, string>[] = [{}, { state: stolen.body.state as string }];
    for (const extra of attempts) {
      await page.goto(attackerSite.url(callback(query({ mode: 'link', ...extra, ...attackerWidgetData() }))));
      await shows(page.getByRole('heading', { name: /Telegram Authentication|Authentication Failed/ }));
      if ('state' in extra) {
        // The page asks before linking; even a click cannot make the server accept another browser's state.
        await shows(page.getByText('Mallory Evil (@mallory_evil)'));
        await page.getByRole('button', { name: 'Link Telegram account' }).click();
      }
      await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
      await shows(page.getByText(MSG.authStateRefused));
      expect(await telegramIdOf(victim)).toBeNull();
    }
    await checkScreen(page, 'telegram-link-refused');
    expect(await whoAmI(page)).toBe('Alice Admin');
  });

  it("When another site sends a visitor to the login callback with the attacker's data, then they are not signed in as the attacker", async () => {
    const signedOut = await openPage(browser, app.url);
    const attackerBrowser = new TestClient(app.url);
    const attackerState = (await attackerBrowser.post('/api/auth/state', { purpose: 'login' })).body.state as string;
    const attempts: Record<string, string>[] = [{}, { state: attackerState }];
    for (const extra of attempts) {
      await signedOut.goto(attackerSite.url(callback(query({ ...extra, ...attackerWidgetData() }))));
      await shows(signedOut.getByRole('heading', { name: 'Authentication Failed' }));
      await shows(signedOut.getByText(MSG.authStateRefused));
      expect(await whoAmI(signedOut)).toBeNull();
    }
    // A signed-in victim keeps their own account too.
    const { page } = await victimBrowser();
    await page.goto(attackerSite.url(callback(query({ state: attackerState, ...attackerWidgetData() }))));
    await shows(page.getByText(MSG.authStateRefused));
    expect(await whoAmI(page)).toBe('Alice Admin');
  });

  it("When another site sends a signed-in admin to the manual callback with the attacker's login id, then the page refuses it and the attacker's confirmation links nothing", async () => {
    const { page, victim } = await victimBrowser();
    const attacker = await app.signedIn({ name: 'Mallory' });
    const state = (await attacker.client.post('/api/auth/state', { purpose: 'link' })).body.state as string;
    const started = await attacker.client.post('/api/telegram/register-login', { mode: 'link', state });
    expect(started.status).toBe(200);
    const { loginId, code } = started.body as { loginId: string; code: string };

    await page.goto(attackerSite.url(callback(query({ login_id: loginId, mode: 'link' }))));
    await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
    await shows(page.getByText('Failed to start authentication process'));

    // The attacker confirms their own code in the bot: it belongs to the attacker's browser, never the victim's.
    const codes = createLoginCodesService(app.deps);
    expect(await codes.claim(loginId, ATTACKER.id)).toBe('claimed');
    expect(await codes.confirmWithCode(ATTACKER, code)).toEqual({ outcome: 'confirmed', purpose: 'link' });
    const poll = await page.evaluate(async (id) => (await fetch(`/api/telegram/check-login/${id}`)).status, loginId);
    expect(poll).toBe(404);
    expect(await telegramIdOf(victim)).toBeNull();
  });

  it('When a member clicks Link Telegram and Telegram returns to the callback, then the page names the account and links it only after the click', async () => {
    const { page, victim } = await victimBrowser();
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Link Telegram', exact: true }).click();
    const authUrl = page.locator('.telegram-widget script');
    await expect.poll(() => authUrl.count()).toBe(1);
    const target = new URL((await authUrl.getAttribute('data-auth-url'))!);
    expect(target.searchParams.get('mode')).toBe('link');
    expect(target.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{16,}$/);

    // Telegram's widget redirects to that URL with the member's own signed data appended.
    const own = signLoginWidget(
      { id: 555000222, first_name: 'Alice', username: 'alice_tg', auth_date: Math.floor(Date.now() / 1000) },
      TEST_BOT_TOKEN,
    );
    await page.goto(`${target.toString()}&${query(own)}`);
    await shows(page.getByText('Alice (@alice_tg)'));
    await shows(page.locator('#main').getByText('Alice Admin'));
    await checkScreen(page, 'telegram-link-confirm');
    expect(await telegramIdOf(victim)).toBeNull();
    await page.getByRole('button', { name: 'Link Telegram account' }).click();
    await shows(page.getByRole('heading', { name: 'Authentication Successful' }));
    expect(await telegramIdOf(victim)).toBe('555000222');
    // The state was single use: the same URL again links nothing more and says so.
    await page.goto(`${target.toString()}&${query(own)}`);
    await page.getByRole('button', { name: 'Link Telegram account' }).click();
    await shows(page.getByText(MSG.authStateRefused));
  });

  it('When a visitor starts the bot login from the dialog, then the popup shows a code that must be typed in the bot, and signs them in', async () => {
    const page = await openPage(browser, app.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Login Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to the product' });
    const popupOpened = page.context().waitForEvent('page');
    await dialog.getByRole('button', { name: 'Log in with the Telegram app' }).click();
    const popup = await popupOpened;
    await shows(popup.getByText('Waiting for you to confirm in Telegram...'));
    const loginId = new URL(popup.url()).searchParams.get('login_id')!;
    expect(await popup.getByRole('link', { name: 'Open Telegram to confirm' }).getAttribute('href')).toBe(
      `https://t.me/${BOT}?start=login_${loginId}`,
    );
    const code = (await popup.locator('.login-code').textContent())!;
    expect(code).toMatch(/^\d{4}$/);
    await checkScreen(popup, 'telegram-callback-waiting');

    const codes = createLoginCodesService(app.deps);
    const member = { id: 555000333, first_name: 'Bot', last_name: 'Confirmed' };
    expect(await codes.claim(loginId, member.id)).toBe('claimed');
    const wrong = code === '0000' ? '1111' : '0000';
    expect(await codes.confirmWithCode(member, wrong)).toEqual({ outcome: 'wrong_code', attemptsLeft: 2 });
    expect(await codes.confirmWithCode(member, code)).toEqual({ outcome: 'confirmed', purpose: 'login' });
    await shows(page.getByText('Welcome, Bot Confirmed'));
  });

  it('When a manual login code expires while the page waits, then it reports the session as expired', async () => {
    const page = await openPage(browser, app.url);
    await page.goto('/');
    const state = await page.evaluate(async () => {
      const headers = { 'content-type': 'application/json' };
      const issued = await fetch('/api/auth/state', { method: 'POST', headers, body: '{"purpose":"login"}' });
      const { state: value } = (await issued.json()) as { state: string };
      const started = await fetch('/api/telegram/register-login', {
        method: 'POST',
        headers,
        body: JSON.stringify({ mode: 'login', state: value }),
      });
      return (await started.json()) as { loginId: string };
    });
    await page.goto(`/telegram-auth-callback?login_id=${state.loginId}`);
    await shows(page.getByText('Waiting for you to confirm in Telegram...'));
    app.setNow(new Date(Date.now() + 60 * 60 * 1000));
    try {
      await shows(page.getByText('Login session expired or invalid'));
      await shows(page.getByRole('button', { name: 'Close' }));
    } finally {
      app.setNow(new Date());
    }
  });
});
