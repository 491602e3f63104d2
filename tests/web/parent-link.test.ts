// Asking a parent where email is not set up, in a real browser on a phone: the child is told truthfully that no
// email left, copies the consent link for her parent, and the event page keeps "Waiting for your parent" with
// the same link; an admin's home says email is off and leads to Admin → Email. Screenshots in English, German
// and Arabic at both sizes, light and dark, go to test-artifacts/web/parent-link/.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { ARTIFACTS_DIR } from '../support/env';
import { animationsDone, futureDate, launchBrowser, openPage, settle, shows, WEB_DATABASE_KINDS } from './browser';
import { SCHEMES, SIZES } from './layout-kit';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'parent-link');
const CHILD_BIRTH = new Date('2014-05-01T00:00:00.000Z');

async function screens(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    await animationsDone(page);
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await settle(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways at ${label} size`).toBeLessThanOrEqual(innerWidth);
      await page.screenshot({ path: path.join(DIR, `${name}-${label}-${scheme}.png`), animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.phone);
}

describe.each(WEB_DATABASE_KINDS)('a parent’s link without email on %s', (kind) => {
  let app: NotifyApp;
  let browser: Browser;
  let host: User;
  let trip: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startNotifyApp(kind), launchBrowser()]);
    host = await app.deps.prisma.user.create({
      data: { name: 'Olive Organiser', isAdmin: true, role: 'admin', birthDate: new Date('1980-04-02') },
    });
    trip = await app.deps.prisma.event.create({
      data: {
        name: 'Forest Trail Day',
        description: 'A day on the forest trail with a picnic lunch.',
        location: 'Trailhead car park',
        imageUrl: '/images/events/hike.svg',
        date: futureDate(5),
        isPublic: true,
        creatorId: host.id,
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function phoneAs(user: User, locale: string): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone, locale });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  it('When a child asks a parent and no email is set up, then she reads that it was not sent, copies the link, and the event page waits for her parent with the link', async () => {
    const child = await app.deps.prisma.user.create({ data: { name: 'Robin Young', birthDate: CHILD_BIRTH } });
    const page = await phoneAs(child, 'en-US');
    await page.goto(`/events/${trip.id}`);
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask a parent or guardian' });
    await shows(dialog);
    await dialog.getByLabel('Parent or guardian’s email').fill('parent@example.org');
    await dialog.getByRole('button', { name: 'Ask for consent' }).click();
    await shows(
      dialog.getByText(
        "Email isn't set up here, so we couldn't send it. Copy the link and send it to your parent yourself.",
      ),
    );
    expect(await dialog.getByText(/We emailed/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Copy the link for your parent' }).click();
    await shows(page.getByText('Link copied', { exact: true }));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/guardian\/consent\?token=[A-Za-z0-9_-]{20,}$/);
    // The copied link is the consent link itself: it names the child to whoever opens it.
    const described = await fetch(`${app.url}/api${new URL(copied).pathname}${new URL(copied).search}`);
    expect(((await described.json()) as { child: { name: string } }).child.name).toBe('Robin Young');
    // No email was queued for the address.
    expect(await app.deps.prisma.outboxMessage.count({ where: { kind: 'guardian_consent' } })).toBe(0);
    await screens(page, 'ask-link-only-en');

    await dialog.getByRole('button', { name: 'Done' }).click();
    const waiting = page.getByTestId('parent-wait');
    await shows(waiting.getByRole('heading', { name: 'Waiting for your parent' }));
    await shows(waiting.getByText('You want to go to this event.', { exact: false }));
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await waiting.getByRole('button', { name: 'Copy the link for your parent' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(copied);
    await screens(page, 'event-waiting-en');

    // After a reload the wait and its link are still there.
    await page.reload();
    await shows(page.getByTestId('parent-wait').getByRole('button', { name: 'Copy the link for your parent' }));
    await page.context().close();
  });

  it('When an admin opens home while email is off, then a notice says so and leads to Admin → Email', async () => {
    const page = await phoneAs(host, 'en-US');
    await page.goto('/');
    const notice = page.getByTestId('email-off');
    await shows(notice.getByText('Email is off: parents and members get no emails.', { exact: false }));
    await screens(page, 'admin-home-email-off-en');
    await notice.getByRole('link', { name: 'Set it up in Admin → Email.' }).click();
    await page.waitForURL(/\/admin\/settings\?tab=email$/);
    await page.context().close();

    // A member who is not an admin is not told.
    const member = await app.deps.prisma.user.create({
      data: { name: 'Mo Member', birthDate: new Date('1990-01-01') },
    });
    const memberPage = await phoneAs(member, 'en-US');
    await memberPage.goto('/');
    await shows(memberPage.getByRole('heading', { name: /Welcome to/ }));
    expect(await memberPage.getByTestId('email-off').count()).toBe(0);
    await memberPage.context().close();
  });

  it('When the screens are read in German and Arabic, then they say the same in those languages', async () => {
    for (const language of ['de', 'ar'] as const) {
      const child = await app.deps.prisma.user.create({
        data: { name: `Kim ${language}`, birthDate: CHILD_BIRTH, language },
      });
      const page = await phoneAs(child, language);
      await page.goto(`/events/${trip.id}`);
      const attend = page.locator('.rsvp-buttons button').first();
      await attend.click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('input[type="email"]').fill('eltern@example.org');
      await dialog.locator('button[type="submit"]').click();
      await shows(dialog.locator('[role="status"]').first());
      await screens(page, `ask-link-only-${language}`);
      await page.keyboard.press('Escape');
      await shows(page.getByTestId('parent-wait'));
      await screens(page, `event-waiting-${language}`);
      await page.context().close();
      const admin = await app.deps.prisma.user.create({
        data: { name: `Ada ${language}`, isAdmin: true, role: 'admin', language, birthDate: new Date('1980-01-01') },
      });
      const home = await phoneAs(admin, language);
      await home.goto('/');
      await shows(home.getByTestId('email-off'));
      await screens(home, `admin-home-email-off-${language}`);
      await home.context().close();
    }
    // Two languages, three screens each drawn four ways (phone/desktop, light/dark): more than the 60 s default
    // on a loaded machine.
  }, 150_000);
});
