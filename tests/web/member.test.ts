// A member in a real browser: signed-out screens, demo sign-in, featured events, RSVP, comments, settings.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsEndpoint } from '../notifications/sms-endpoint';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  chooseInAccountMenu,
  DESKTOP,
  WEB_DATABASE_KINDS,
  checkScreen,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  settle,
  shows,
  signInWithDemo,
} from './browser';

describe.each(WEB_DATABASE_KINDS)('the web app for a member on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let smsApi: Awaited<ReturnType<typeof startSmsEndpoint>>;
  let page: Page;
  let host: User;
  const events: Event[] = [];

  beforeAll(async () => {
    // A local SMS provider: the phone verification code is read from what it receives.
    smsApi = await startSmsEndpoint();
    [app, browser] = await Promise.all([
      startTestApp(kind, { env: { DEMO_MODE: 'on', SMS_PROVIDER: 'http', SMS_HTTP_URL: smsApi.url } }),
      launchBrowser(),
    ]);
    // Demo mode (for its sign-in buttons) seeds sample events; this test lists events of its own.
    await app.deps.prisma.event.deleteMany();
    host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true } });
    // Created out of date order: the screens must sort them.
    for (const [name, days] of [
      ['Sixth Meetup', 6],
      ['Second Meetup', 2],
      ['Fourth Meetup', 4],
      ['First Meetup', 1],
      ['Fifth Meetup', 5],
      ['Third Meetup', 3],
    ] as const) {
      events.push(
        await app.deps.prisma.event.create({
          data: {
            name,
            description: `All about the ${name.toLowerCase()}. `.repeat(12),
            location: 'Youth Centre',
            imageUrl: '/images/events/hike.svg',
            date: futureDate(days),
            isPublic: true,
            creatorId: host.id,
          },
        }),
      );
    }
    await app.deps.prisma.attendance.create({
      data: { eventId: events.find((e) => e.name === 'Second Meetup')!.id, userId: host.id, status: 'attending' },
    });
    page = await openPage(browser, app.url);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smsApi?.stop();
  });

  const eventNamed = (name: string) => events.find((event) => event.name === name)!;

  it('When a visitor is signed out, then home invites to sign in, protected pages say Access Restricted and a shared event shows its teaser', async () => {
    await page.goto('/');
    await expect.poll(() => page.getByRole('button', { name: 'Login Now' }).isVisible()).toBe(true);
    await shows(page.getByRole('button', { name: 'Login to View Events' }));
    await shows(page.getByRole('heading', { name: 'Member-Only Events' }));
    expect(await page.getByRole('link', { name: 'Events', exact: true }).count()).toBe(0);

    for (const path of ['/events', '/settings', '/admin/settings']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('heading', { name: 'Access Restricted' }).isVisible()).toBe(true);
      await shows(page.getByText('Please sign in to access this page.'));
    }
    await checkScreen(page, 'access-restricted');

    // A shared link of a public upcoming event is its teaser with one way in, not a closed door.
    await page.goto(`/events/${events[0]!.id}`);
    await shows(page.getByRole('heading', { name: events[0]!.name }));
    await shows(page.locator('main').getByRole('button', { name: 'Sign in to reply' }));
    expect(await page.getByRole('heading', { name: 'Access Restricted' }).count()).toBe(0);

    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
  });

  it('When the login dialog opens on a server with neither Google nor Telegram set up, then it offers only the demo accounts', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login to the product' });
    await expect.poll(() => dialog.getByText('Choose your preferred method to sign in').isVisible()).toBe(true);
    await shows(dialog.getByText('Demo mode'));
    await shows(dialog.getByRole('button', { name: 'Demo: sign in as Demo Admin' }));
    // A method that can only fail is not offered: no Google button, no Telegram note, no 'or' between nothing.
    expect(await dialog.getByRole('button', { name: 'Continue with Google' }).count()).toBe(0);
    expect(await dialog.getByText('not configured').count()).toBe(0);
    expect(await dialog.getByRole('separator').count()).toBe(0);
    await checkScreen(page, 'login-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it('When the manual Telegram login opens on a server without a bot, then the page says the bot info is missing', async () => {
    await page.goto('/telegram-auth-callback?login_id=a1b2c3d4e5f6a7b8c9d0e1f2');
    await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
    await shows(page.getByText('Failed to get Telegram bot info. Please try again later.'));
    await shows(page.getByRole('button', { name: 'Close' }));
  });

  it('When a member signs in, then Featured Events shows the first 5 events by date with RSVP controls', async () => {
    await signInWithDemo(page, 'Demo Member');
    const rows = page.locator('table tbody tr');
    await expect.poll(() => rows.count()).toBe(5);
    const names = await rows.locator('td:first-child').allTextContents();
    expect(names).toEqual(['First Meetup', 'Second Meetup', 'Third Meetup', 'Fourth Meetup', 'Fifth Meetup']);
    await shows(rows.first().getByText('Not Responded'));
    expect(await page.getByRole('link', { name: 'Create Event' }).count()).toBe(0);
  });

  it('When the member picks Attending in the home dropdown, then the row and the database say attending', async () => {
    // No reply yet: the dropdown offers a reply, not a change.
    expect(await page.getByRole('button', { name: 'Change RSVP for First Meetup' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Reply to First Meetup' }).click();
    await page.getByRole('menuitem', { name: 'Attending', exact: true }).click();
    await expectToast(page, 'RSVP updated', 'Your attendance status has been updated.');
    const row = page.locator('table tbody tr').filter({ hasText: 'First Meetup' });
    await expect.poll(() => row.getByText('Attending', { exact: true }).isVisible()).toBe(true);
    await shows(row.getByRole('button', { name: 'Change RSVP for First Meetup' }));
    const member = await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Demo Member' } });
    const saved = await app.deps.prisma.attendance.findFirst({
      where: { userId: member.id, eventId: eventNamed('First Meetup').id },
    });
    expect(saved?.status).toBe('attending');
  });

  it('When the member uses only the keyboard, then the RSVP dropdown opens, moves and chooses', async () => {
    await page.getByRole('button', { name: 'Reply to Fourth Meetup' }).focus();
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('Attending');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Not Attending');
    await page.keyboard.press('Enter');
    await expectToast(page, 'RSVP updated');
    const row = page.locator('table tbody tr').filter({ hasText: 'Fourth Meetup' });
    await shows(row.getByText('Not Attending', { exact: true }));
  });

  it('When the member opens All Events, then every event is a row in date order with its details link', async () => {
    await page.getByRole('link', { name: 'Events', exact: true }).first().click();
    const cards = page.locator('article.event-card');
    await expect.poll(() => cards.count()).toBe(6);
    expect(await cards.locator('h3').allTextContents()).toEqual([
      'First Meetup',
      'Second Meetup',
      'Third Meetup',
      'Fourth Meetup',
      'Fifth Meetup',
      'Sixth Meetup',
    ]);
    await shows(cards.first().getByText('1 attending'));
    // Long descriptions show two lines, the rest cut off.
    const lines = await cards
      .first()
      .locator('p')
      .filter({ hasText: 'All about the first meetup.' })
      .evaluate((element) => ({
        cut: element.scrollHeight > element.clientHeight,
        lines: Math.round(element.clientHeight / parseFloat(getComputedStyle(element).lineHeight)),
      }));
    expect(lines).toEqual({ cut: true, lines: 2 });
    await page.getByRole('button', { name: 'Join Sixth Meetup' }).click();
    await expectToast(page, 'RSVP updated');
    const joined = page.getByRole('button', { name: 'Joined Sixth Meetup: click to cancel' });
    await expect.poll(() => joined.getAttribute('aria-pressed')).toBe('true');
    await shows(cards.last().getByText('1 attending'));
    await page.getByRole('link', { name: 'View Event Details: Second Meetup' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Second Meetup' }).isVisible()).toBe(true);
  });

  it('When the member replies on the details page, then the choice is highlighted and the count changes', async () => {
    await shows(page.getByText('1 person'));
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Attendance updated');
    await expect
      .poll(() => page.getByRole('button', { name: 'I Will Attend' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => page.getByText('2 people').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Edit Event' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Show attendees' }).click();
    const attendees = page.locator('table').filter({ hasText: 'Status' });
    await expect.poll(() => attendees.getByText('Demo Member').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cannot Attend' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Cannot Attend' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect.poll(() => page.getByText('1 person').isVisible()).toBe(true);
    // The attendee list is labelled by status, so one 'not attending' reply never reads as an attendee.
    await shows(page.getByText('1 attending · 1 not attending'));
    expect(await page.getByText(/Attendees \(\d+\)/).count()).toBe(0);
  });

  it('When the member comments, then an empty comment cannot be sent and the posted one shows with its author', async () => {
    await shows(page.getByText('No comments yet. Be the first to comment!'));
    const box = page.getByLabel('Add a comment');
    await box.fill('   ');
    expect(await page.getByRole('button', { name: 'Post Comment' }).isDisabled()).toBe(true);
    await box.fill('Looking forward to it!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Comment posted');
    // F8 takes the keyboard to the notifications, with a visible focus ring.
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement;
          return active?.classList.contains('toast-viewport') ? getComputedStyle(active).outlineStyle : null;
        }),
      )
      .toBe('solid');
    const comment = page.locator('.comment').first();
    await expect.poll(() => comment.textContent()).toContain('Looking forward to it!');
    expect(await comment.textContent()).toContain('Demo Member');
    // Just posted: it says so, with the SPEC's full date and time in its title.
    const when = comment.locator('time');
    expect(await when.textContent()).toBe('just now');
    expect(await when.getAttribute('title')).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('When the member changes settings, then each SPEC validation message and save works', async () => {
    await page.goto('/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Connected Accounts' }).isVisible()).toBe(true);
    const accounts = page.locator('section').filter({ hasText: 'Connected Accounts' });
    await shows(accounts.getByText('demo-member@example.org'));
    await shows(accounts.getByText('Not connected'));

    // SMS needs a phone number first: nothing is saved, a warning says so.
    await page.getByLabel('SMS Notifications').click();
    await expect
      .poll(() => page.getByText('Please add a phone number above to enable SMS notifications.').isVisible())
      .toBe(true);
    expect(await page.getByLabel('SMS Notifications').isChecked()).toBe(false);
    await page.getByLabel('Telegram Notifications').click();
    await expect
      .poll(() => page.getByText('Please add a Telegram username above to enable Telegram notifications.').isVisible())
      .toBe(true);

    const phone = page.locator('form').filter({ has: page.getByLabel('Phone Number') });
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => phone.getByText('Phone number is required for SMS notifications').isVisible()).toBe(true);
    await page.getByLabel('Phone Number').fill('0123');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        phone.getByText('Please enter a valid phone number in international format (e.g., +1234567890)').isVisible(),
      )
      .toBe(true);
    await page.getByLabel('Phone Number').fill('+4915112345678');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Phone number updated', 'Your phone number has been saved');
    await expect
      .poll(() => page.getByText('Please add a phone number above to enable SMS notifications.').count())
      .toBe(0);
    // A saved number is not verified yet: no SMS goes to it until the member types back a code.
    await shows(page.getByText('Not verified', { exact: true }));
    await shows(page.getByRole('button', { name: 'Send code', exact: true }));

    const telegram = page.locator('form').filter({ has: page.getByLabel('Telegram Username') });
    await telegram.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => telegram.getByText('Telegram username is required for Telegram notifications').isVisible())
      .toBe(true);
    await page.getByLabel('Telegram Username').fill('ab-c');
    await telegram.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() =>
        telegram
          .getByText('Please enter a valid Telegram username (5-32 characters, alphanumeric with underscores)')
          .isVisible(),
      )
      .toBe(true);
    await page.getByLabel('Telegram Username').fill('demo_member');
    await telegram.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Telegram username updated', 'Your Telegram username has been saved');
    // A username for notifications is not a linked Telegram account: Connected Accounts still says so.
    const telegramRow = page.locator('tr').filter({ hasText: 'Telegram account' });
    await shows(telegramRow.getByText('Not connected'));
    expect(await telegramRow.getByText('@demo_member').count()).toBe(0);

    await page.getByLabel('SMS Notifications').check();
    await expectToast(page, 'Preferences updated', 'Your notification preferences have been saved');
    await expect.poll(() => page.getByLabel('SMS Notifications').isChecked()).toBe(true);
    const member = await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Demo Member' } });
    expect(member.phoneNumber).toBe('+4915112345678');
    expect(member.telegramUsername).toBe('demo_member');
    expect([...member.notificationPrefs].sort()).toEqual(['email', 'sms']);
    expect(member.phoneVerifiedAt).toBeNull();
  });

  it('When the member verifies the phone number with the code sent by SMS, then Settings shows it verified', async () => {
    await page.goto('/settings');
    const unverifiedNote =
      'SMS notifications are sent only once your phone number is verified. Verify it under Communication Settings.';
    await shows(page.getByText(unverifiedNote));
    smsApi.requests.length = 0;
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    const codeBox = page.getByLabel('Code from the SMS');
    await shows(codeBox);
    expect(await codeBox.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeBox.getAttribute('inputmode')).toBe('numeric');
    await expect.poll(() => smsApi.requests.length).toBe(1);
    expect(smsApi.requests[0]!.body.to).toBe('+4915112345678');
    const code = /^(\d{6}) /.exec(smsApi.requests[0]!.body.text)![1]!;

    const verify = page.getByRole('button', { name: 'Verify', exact: true });
    await codeBox.fill('12a');
    await verify.click();
    await shows(page.getByText('Enter the 6-digit code from the SMS.'));
    await codeBox.fill(code === '000000' ? '111111' : '000000');
    await verify.click();
    await shows(page.getByText('That code is not right. Check the SMS and try again.'));
    await checkScreen(page, 'settings-phone-code');
    // Two more common screen sizes (a phone, a laptop), besides checkScreen's own.
    const dir = path.join(ARTIFACTS_DIR, 'web');
    mkdirSync(dir, { recursive: true });
    for (const [label, size] of [
      ['390x844', { width: 390, height: 844 }],
      ['1366x900', { width: 1366, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.screenshot({ path: path.join(dir, `settings-phone-code-${label}.png`), fullPage: true });
    }
    await page.setViewportSize(DESKTOP);

    await codeBox.fill(code);
    await verify.click();
    await expectToast(page, 'Phone number verified');
    await shows(page.getByText('Verified', { exact: true }));
    expect(await page.getByText('Not verified', { exact: true }).count()).toBe(0);
    expect(await page.getByText(unverifiedNote).count()).toBe(0);
    await checkScreen(page, 'settings-phone-verified');
    const member = await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Demo Member' } });
    expect(member.phoneVerifiedAt).not.toBeNull();
  });

  it('When the email confirmation link returns to settings, then a toast tells whether linking worked', async () => {
    await page.goto('/settings?emailLinked=1');
    await expectToast(page, 'Email account linked', 'Your email account has been successfully linked to your profile.');
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto('/settings?emailLinked=0');
    await expectToast(page, 'Failed to link email account', 'An error occurred while linking your email account.');
  });

  it('When a member opens Create Event or another creator’s edit page, then they are turned away', async () => {
    await page.goto('/events/create');
    await expect.poll(() => page.getByRole('heading', { name: 'Permission Denied' }).isVisible()).toBe(true);
    await shows(page.getByText('Only administrators can create events.'));
    await checkScreen(page, 'permission-denied');
    await page.getByRole('button', { name: 'Back to Events' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');

    await page.goto(`/events/${eventNamed('Third Meetup').id}/edit`);
    await expectToast(page, 'Permission denied', "You can only edit events you've created");
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
  });

  it("When a page's code cannot load, then a readable error shows and the other pages still work", async () => {
    const other = await openPage(browser, app.url);
    await signInWithDemo(other, 'Demo Member');
    await other.route(/\/assets\/settings-page-[^/]+\.js$/, (route) => route.abort());
    await chooseInAccountMenu(other, 'Settings');
    await shows(other.getByRole('heading', { name: 'Something went wrong' }));
    await shows(other.getByRole('button', { name: 'Reload page' }));
    expect(await other.locator('main').count()).toBe(1);
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await shows(other.getByRole('heading', { name: 'Upcoming Events' }));
    expect(await other.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await other.context().close();
  });

  it('When the member logs out from the account menu, then the cache is cleared and home is signed out again', async () => {
    expect(await page.getByRole('button', { name: 'Logout' }).count()).toBe(0);
    await chooseInAccountMenu(page, 'Logout');
    await expectToast(page, 'Logged out successfully');
    await expect.poll(() => page.getByRole('button', { name: 'Login Now' }).isVisible()).toBe(true);
    await settle(page);
    expect(await page.getByText('Welcome, Demo Member').count()).toBe(0);
  });
});
