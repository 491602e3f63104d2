// Google sign-in in a real browser. Google's own script is beyond the machine, so a stand-in answers for
// accounts.google.com/gsi/client and hands the page an ID token signed by a local key that the server trusts
// through GOOGLE_JWKS_URL; everything from the button to the session is the real app.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from '../support/signing';
import { startTestApp, type TestApp } from '../support/test-app';
import { WEB_DATABASE_KINDS, expectToast, launchBrowser, openPage, shows } from './browser';

/** What Google Identity Services does for the page: initialize, renderButton, and the credential callback. */
const FAKE_GSI = `
window.google = { accounts: { id: {
  initialize(options) { window.__gis = options; },
  renderButton(element) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Continue with Google (stand-in)';
    button.onclick = () => window.__gis.callback({ credential: window.__googleToken });
    element.appendChild(button);
  },
} } };`;

describe.each(WEB_DATABASE_KINDS)('Google sign-in in the web app on %s', (kind) => {
  let app: TestApp;
  let google: FakeGoogle;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    google = await startFakeGoogle();
    [app, browser] = await Promise.all([
      startTestApp(kind, {
        env: { DEMO_MODE: 'off', GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
      }),
      launchBrowser(),
    ]);
    page = await openPage(browser, app.url);
    await page.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GSI }),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await google?.close();
  });

  const signInWith = async (token: string) => {
    await page.evaluate((value) => ((window as unknown as { __googleToken: string }).__googleToken = value), token);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to the product' });
    await dialog.getByRole('button', { name: 'Continue with Google (stand-in)' }).click();
    return dialog;
  };

  it('When Google returns a token the server cannot verify, then the SPEC failure toast shows and nobody is signed in', async () => {
    await page.goto('/');
    await shows(page.getByRole('button', { name: 'Login Now' }));
    const dialog = await signInWith(await google.idToken('mallory@example.org', { foreignKey: true }));
    await expectToast(page, 'Authentication failed', 'Could not sign in with Google');
    expect(await dialog.isVisible()).toBe(true);
    expect(await app.deps.prisma.user.count({ where: { googleEmail: 'mallory@example.org' } })).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  it('When Google returns a valid token, then the dialog closes and the member is signed in', async () => {
    const dialog = await signInWith(await google.idToken('ada@example.org', { claims: { name: 'Ada Lovelace' } }));
    await shows(page.getByText('Welcome, Ada Lovelace'));
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await shows(page.getByRole('heading', { name: 'Featured Events' }));
    const user = await app.deps.prisma.user.findFirstOrThrow({ where: { googleEmail: 'ada@example.org' } });
    expect(user.name).toBe('Ada Lovelace');
  });
});
