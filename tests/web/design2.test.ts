// States explain themselves, errors say what happened, and every status has a word — in Chromium at 390×844:
// a full event offers 'Join the waitlist' and then 'Leave the waitlist', the closing time shows in advance, a
// refused RSVP brings the card up to date without a reload, a refused comment gives the server's reason, the
// comment box counts down its last 200 characters, no message repeats its own title, and attendee tables
// show labels. Screenshots at 390×844 and 1366×900, light and dark, land in test-artifacts/web/design2.
import type { Event, User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { LIMITS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { eventRow } from '../support/events';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectToast, futureDate, launchBrowser, openPage, settle, shows } from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const DIR = path.join(ARTIFACTS_DIR, 'web', 'design2');

describe('the design: states, errors and words', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let mia: User;
  let sam: User;
  let full: Event;
  let open: Event;

  beforeAll(async () => {
    // One comment a minute: the second comment is refused by the server with its own reason.
    [app, browser] = await Promise.all([
      startTestApp('pglite', { env: { RATE_LIMIT_COMMENTS_PER_MINUTE: '1' } }),
      launchBrowser(),
    ]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    mia = await prisma.user.create({ data: { name: 'Mia Member' } });
    sam = await prisma.user.create({ data: { name: 'Sam Early' } });
    full = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Lakeside Picnic',
        description: 'Games, food and a swim if the weather holds.',
        location: 'North Shore',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(5, 13),
        capacity: 1,
        rsvpClosesAt: futureDate(3, 18),
      }),
    });
    await prisma.attendance.create({ data: { eventId: full.id, userId: sam.id, status: 'attending' } });
    open = await prisma.event.create({
      data: eventRow(admin.id, {
        name: 'Open Mic Evening',
        description: 'Bring a song, a poem or just yourself.',
        location: 'The Loft Café',
        imageUrl: '/images/events/concert.svg',
        date: futureDate(6, 19),
      }),
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function pageAs(user: User | null, size: keyof typeof SIZES = 'phone', scheme: 'light' | 'dark' = 'light') {
    const page = await openPage(browser, app.url, { viewport: SIZES[size], colorScheme: scheme });
    if (user) {
      const token = await createSession(app.deps, user.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    }
    return page;
  }

  /** The RSVP card of `event` as `user`, at both sizes in both schemes, saved as `<name>-<size>-<scheme>.png`. */
  async function screenshots(user: User, event: Event, name: string) {
    mkdirSync(DIR, { recursive: true });
    for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
      for (const scheme of SCHEMES) {
        const page = await pageAs(user, size, scheme);
        await page.goto(`/events/${event.id}`);
        const card = rsvpCard(page);
        await shows(card);
        await card.scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: path.join(DIR, `${name}-${size}-${scheme}.png`), animations: 'disabled' });
        await page.context().close();
      }
    }
  }

  const rsvpCard = (page: Page) => page.getByRole('region', { name: 'Your RSVP' });
  const attendance = (user: User, event: Event) =>
    app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId: event.id, userId: user.id } } });

  // Nine page loads with the screenshots of both states: a walk, given a walk's time.
  it('When an event is full, then the card offers the waitlist before and lets Mia leave it after', async () => {
    const page = await pageAs(mia);
    await page.goto(`/events/${full.id}`);
    const card = rsvpCard(page);
    // Said before acting: where a reply would land, and until when replies are taken.
    await shows(card.getByRole('button', { name: 'Join the waitlist' }));
    expect(await card.getByRole('button', { name: 'I Will Attend' }).count()).toBe(0);
    await shows(card.getByText(/^RSVPs close \w+, \w+ \d+, \d{4} at \d+:\d\d [AP]M$/));
    await screenshots(mia, full, 'full');

    await card.getByRole('button', { name: 'Join the waitlist' }).click();
    await shows(card.getByText("You're on the waitlist (#1)"));
    expect(await attendance(mia, full)).toMatchObject({ status: 'waitlisted' });
    const leave = card.getByRole('button', { name: 'Leave the waitlist' });
    await shows(leave);
    // An action, not a choice that looks pressed.
    expect(await leave.getAttribute('aria-pressed')).toBeNull();
    await screenshots(mia, full, 'waitlisted');

    await leave.click();
    await expectToast(page, 'Attendance updated');
    await shows(card.getByRole('button', { name: 'Join the waitlist' }));
    expect(await attendance(mia, full)).toMatchObject({ status: 'not_attending' });
    await page.context().close();
  }, 120_000);

  it('When the server refuses an RSVP, then the card shows the server state without a reload', async () => {
    const page = await pageAs(mia);
    await page.goto(`/events/${open.id}`);
    const card = rsvpCard(page);
    await shows(card.getByRole('button', { name: 'I Will Attend' }));
    // Replies close while the page is open: the page still offers them.
    await app.deps.prisma.event.update({
      where: { id: open.id },
      data: { rsvpClosesAt: new Date(Date.now() - 60_000) },
    });
    await card.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Error', MSG.rsvpClosed);
    await shows(card.getByText('RSVPs are closed'));
    await expect.poll(() => card.getByRole('button', { name: 'Cannot Attend' }).isDisabled()).toBe(true);
    expect(await attendance(mia, open)).toBeNull();
    await screenshots(mia, open, 'refused');
    await page.context().close();
  });

  it('When Mia nears the comment limit, then the box counts down its last 200 characters politely', async () => {
    const page = await pageAs(mia);
    await page.goto(`/events/${open.id}`);
    const box = page.getByLabel('Add a comment');
    await box.fill('x'.repeat(LIMITS.comment - 201));
    expect(await page.getByText(/characters? left$/).count()).toBe(0);
    await box.fill('x'.repeat(LIMITS.comment - 200));
    const count = page.getByText('200 characters left');
    await shows(count);
    expect(await count.evaluate((element) => element.closest('[aria-live]')?.getAttribute('aria-live'))).toBe('polite');
    await box.fill('x'.repeat(LIMITS.comment - 1));
    await shows(page.getByText('1 character left'));
    await box.scrollIntoViewIfNeeded();
    mkdirSync(DIR, { recursive: true });
    await page.screenshot({ path: path.join(DIR, 'comment-countdown-phone-light.png'), animations: 'disabled' });
    await page.context().close();
  });

  it('When the server refuses a comment, then the toast gives its reason, not the sign-in text', async () => {
    const page = await pageAs(mia);
    await page.goto(`/events/${open.id}`);
    const box = page.getByLabel('Add a comment');
    await box.fill('See you there!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Comment posted');
    await box.fill('One more thing: bring a torch.');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Error', MSG.tooManyRequests);
    expect(await page.getByText('Please sign in to comment on events.').count()).toBe(0);
    // The comment stays in the box to be sent again later.
    expect(await box.inputValue()).toBe('One more thing: bring a torch.');
    await page.context().close();
  });

  it('When a signed-out visitor comments, then the SPEC sign-in text still shows', async () => {
    const page = await pageAs(mia);
    await page.goto(`/events/${open.id}`);
    await shows(page.getByLabel('Add a comment'));
    await settle(page);
    // The session ends while the page is open (signed out elsewhere, or it expired).
    await page.context().clearCookies();
    await page.getByLabel('Add a comment').fill('Hello');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Error', 'Failed to post comment. Please sign in to comment on events.');
    await page.context().close();
  });

  it('When the Telegram sign-in fails, then the page says what went wrong without repeating its title', async () => {
    const page = await pageAs(null);
    await page.goto('/telegram-auth-callback');
    await shows(page.getByRole('heading', { name: 'Authentication Failed' }));
    const alert = page.getByRole('alert').filter({ hasText: /\w/ });
    await shows(alert);
    expect((await alert.textContent())?.toLowerCase()).not.toContain('authentication failed');
    await page.context().close();
  });

  it('When the attendee tables show replies, then each status is a label, never a raw value', async () => {
    // Mia joins the waitlist again, so the tables hold two statuses.
    const page = await pageAs(mia);
    await page.goto(`/events/${full.id}`);
    await rsvpCard(page).getByRole('button', { name: 'Join the waitlist' }).click();
    await shows(rsvpCard(page).getByRole('button', { name: 'Leave the waitlist' }));
    await page.context().close();

    const organiser = await pageAs(admin);
    await organiser.goto(`/events/${full.id}`);
    const attendees = organiser.getByRole('region', { name: 'Attendees' });
    await attendees.getByRole('button', { name: 'Show attendees' }).click();
    const table = attendees.getByRole('table');
    await shows(table.getByRole('row', { name: /Sam Early\s+Attending/ }));
    await shows(table.getByRole('row', { name: /Mia Member\s+Waitlisted/ }));
    const cells = await table.getByRole('cell').allTextContents();
    for (const raw of ['attending', 'waitlisted', 'not_attending']) expect(cells).not.toContain(raw);
    const panel = organiser.getByRole('region', { name: 'Organiser tools' });
    await shows(panel.getByRole('table', { name: /^Waitlisted/ }));
    await shows(panel.getByRole('table', { name: /^Attending/ }));
    await table.scrollIntoViewIfNeeded();
    mkdirSync(DIR, { recursive: true });
    await organiser.screenshot({ path: path.join(DIR, 'attendees-phone-light.png'), animations: 'disabled' });
    await organiser.context().close();
  });
});
