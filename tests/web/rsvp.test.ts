// RSVP with a capacity in a real browser: the admin creates a 1-person event through the form, a
// waitlist forms and moves up, the organiser checks people in (from the table and by pass), downloads the
// CSV and messages attendees, a member shows their pass, and the privacy switch hides a name.
import type { Event, User } from '@prisma/client';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { FORM_LOAD_FAILED } from '../../webapp/src/lib/lazy-resolver';
import {
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

describe.each(WEB_DATABASE_KINDS)('RSVP with a capacity in the web app on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: Page;
  let alice: Page;
  let bob: Page;
  let aliceUser: User;
  let bobUser: User;
  let event: Event;

  /** A member's own browser, signed in with a session of their own. */
  async function memberPage(user: User): Promise<Page> {
    const page = await openPage(browser, app.url);
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  const rsvpCard = (page: Page) => page.getByRole('region', { name: 'Your RSVP' });
  const attendance = (user: User) =>
    app.deps.prisma.attendance.findUnique({ where: { eventId_userId: { eventId: event.id, userId: user.id } } });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind, { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    await app.deps.prisma.event.deleteMany();
    aliceUser = await app.deps.prisma.user.create({ data: { name: 'Alice Able' } });
    bobUser = await app.deps.prisma.user.create({ data: { name: 'Bob Baker' } });
    [admin, alice, bob] = await Promise.all([openPage(browser, app.url), memberPage(aliceUser), memberPage(bobUser)]);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When the admin creates an event with capacity 1, then the form saves the RSVP settings', async () => {
    await signInWithDemo(admin, 'Demo Admin');
    await admin.goto('/events/create');
    const date = futureDate(7).toISOString().slice(0, 16);
    await admin.getByLabel('Event Name').fill('Tiny Workshop');
    await admin.getByLabel('Description').fill('One seat only.');
    await admin.getByLabel('Date and Time').fill(date);
    await admin.getByLabel('Location').fill('Room 1');
    await admin.getByRole('radio', { name: 'Sample image: workshop' }).check();
    await admin.getByLabel('Capacity').fill('0');
    await admin.getByRole('button', { name: 'Create Event' }).click();
    await shows(admin.getByText('Capacity must be a whole number from 1 to 100000, or empty for no limit'));
    await admin.getByLabel('Capacity').fill('1');
    await admin.getByLabel('Tell me about new RSVPs (hourly digest)').check();
    await checkScreen(admin, 'rsvp-create-event');
    await admin.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(admin, 'Event created');
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/events\/\d+$/);
    event = await app.deps.prisma.event.findFirstOrThrow({ where: { name: 'Tiny Workshop' } });
    expect(event).toMatchObject({ capacity: 1, guestsAllowed: 0, rsvpClosesAt: null, rsvpDigest: true });
  });

  it('When Alice takes the one spot and Bob asks too, then Bob is first on the waitlist', async () => {
    await alice.goto(`/events/${event.id}`);
    await shows(rsvpCard(alice).getByText('1 spot left'));
    await rsvpCard(alice).getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(alice, 'Attendance updated');
    // An empty waitlist goes unsaid: 'Full', not 'Full · 0 on the waitlist'.
    await shows(alice.getByRole('row', { name: /^Capacity 1 person · Full$/ }));
    expect(await rsvpCard(alice).getByRole('button', { name: 'Show my pass' }).isVisible()).toBe(true);

    await bob.goto('/events');
    await shows(bob.locator('article.event-card').getByText('Full', { exact: true }));
    await bob.goto(`/events/${event.id}`);
    await rsvpCard(bob).getByRole('button', { name: 'Join the waitlist' }).click();
    await shows(rsvpCard(bob).getByText("You're on the waitlist (#1)"));
    await shows(rsvpCard(bob).getByRole('button', { name: 'Leave the waitlist' }));
    expect(await attendance(bobUser)).toMatchObject({ status: 'waitlisted' });
    expect(await rsvpCard(bob).getByRole('button', { name: 'Show my pass' }).count()).toBe(0);
    await checkScreen(bob, 'rsvp-waitlisted');
  });

  it('When Alice gives her spot back, then Bob is attending after a reload', async () => {
    await rsvpCard(alice).getByRole('button', { name: 'Cannot Attend' }).click();
    await expectToast(alice, 'Attendance updated');
    await bob.reload();
    await shows(rsvpCard(bob).getByText('Attending', { exact: true }));
    expect(
      await rsvpCard(bob)
        .getByText(/on the waitlist \(#/)
        .count(),
    ).toBe(0);
    expect(await attendance(bobUser)).toMatchObject({ status: 'attending' });
  });

  it('When the organiser checks Bob in from the table and then by his pass, then both are saved', async () => {
    await admin.goto(`/events/${event.id}`);
    const panel = admin.getByRole('region', { name: 'Organiser tools' });
    const toggle = panel.getByRole('button', { name: 'Check in Bob Baker' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    expect((await attendance(bobUser))?.checkedInAt).not.toBeNull();
    await checkScreen(admin, 'rsvp-organiser');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    expect((await attendance(bobUser))?.checkedInAt).toBeNull();

    await rsvpCard(bob).getByRole('button', { name: 'Show my pass' }).click();
    const dialog = bob.getByRole('dialog', { name: 'Your event pass' });
    const qr = dialog.getByRole('img', { name: 'Event pass QR code for Tiny Workshop' });
    await shows(qr);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await shows(dialog.getByText('Tiny Workshop'));
    await checkScreen(bob, 'rsvp-pass');
    const token = (await dialog.locator('code').textContent())!.trim();
    // Escape closes the pass and the keyboard is back on the button that opened it.
    await bob.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await rsvpCard(bob).getByRole('button', { name: 'Show my pass' }).click();
    await shows(qr);
    await bob.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => bob.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Show my pass');

    // The form's checks load on its first submit: when that load fails (offline, or a release replaced the
    // file), the form says so, and the next submit loads them.
    const blockChecks = (route: Route) => route.abort('internetdisconnected');
    await admin.route(/\/assets\/form-resolver-[^/]*\.js$/, blockChecks);
    await panel.getByLabel('Check in by pass').fill('not-a-real-pass-token');
    await panel.getByRole('button', { name: 'Check in', exact: true }).click();
    await shows(panel.getByText(FORM_LOAD_FAILED));
    await admin.unroute(/\/assets\/form-resolver-[^/]*\.js$/, blockChecks);
    await panel.getByRole('button', { name: 'Check in', exact: true }).click();
    await shows(panel.getByText('This pass is not valid for this event'));
    await panel.getByLabel('Check in by pass').fill(token);
    await panel.getByRole('button', { name: 'Check in', exact: true }).click();
    await shows(panel.getByText('Checked in: Bob Baker'));
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('When the organiser downloads the CSV and messages attendees, then the file names Bob and 1 person is told', async () => {
    const panel = admin.getByRole('region', { name: 'Organiser tools' });
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      panel.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    expect(csv).toContain('Bob Baker');

    await panel.getByRole('button', { name: 'Message attendees' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Message attendees' });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await shows(dialog.getByText('Message text is required'));
    await dialog.getByLabel('Message').fill('Doors open at 6.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await shows(dialog.getByText('Sent to 1 person'));
    await admin.keyboard.press('Escape');
  });

  it('When Alice hides her name, then Bob sees "1 more member" and the organiser still sees her', async () => {
    await bob.keyboard.press('Escape');
    const list = bob.getByRole('region', { name: 'Attendees' });
    await list.getByRole('button', { name: 'Show attendees' }).click();
    await shows(list.getByText('Alice Able'));

    await alice.goto('/settings');
    const privacy = alice.getByRole('switch', { name: "Hide my name from other members' attendee lists" });
    await privacy.check();
    await expectToast(alice, 'Privacy updated');
    await expect
      .poll(
        async () => (await app.deps.prisma.user.findUniqueOrThrow({ where: { id: aliceUser.id } })).hideFromAttendees,
      )
      .toBe(true);
    await alice.reload();
    await settle(alice);
    expect(await privacy.isChecked()).toBe(true);

    await bob.reload();
    await list.getByRole('button', { name: 'Show attendees' }).click();
    await shows(list.getByText('1 more member'));
    expect(await list.getByText('Alice Able').count()).toBe(0);
    await admin.reload();
    await shows(admin.getByRole('region', { name: 'Organiser tools' }).getByText('Alice Able'));
  });
  it('When guests are allowed and then RSVP closes, then the stepper brings guests and the buttons lock', async () => {
    await app.deps.prisma.event.update({ where: { id: event.id }, data: { capacity: 10, guestsAllowed: 2 } });
    await alice.goto(`/events/${event.id}`);
    const card = rsvpCard(alice);
    await card.getByRole('button', { name: 'More guests' }).click();
    await card.getByRole('button', { name: 'More guests' }).click();
    expect(await card.getByRole('button', { name: 'More guests' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(alice, 'Attendance updated');
    await shows(card.getByText('4 going · 6 spots left'));
    expect(await attendance(aliceUser)).toMatchObject({ status: 'attending', guests: 2 });

    await app.deps.prisma.event.update({
      where: { id: event.id },
      data: { rsvpClosesAt: new Date(Date.now() - 60_000) },
    });
    await alice.reload();
    await shows(card.getByText('RSVPs are closed'));
    expect(await card.getByRole('button', { name: 'Cannot Attend' }).isDisabled()).toBe(true);

    // The edit form shows the stored settings and saving keeps them.
    await admin.goto(`/events/${event.id}/edit`);
    expect(await admin.getByLabel('Capacity').inputValue()).toBe('10');
    expect(await admin.getByLabel('Guests allowed').inputValue()).toBe('2');
    expect(await admin.getByLabel('RSVP closes at').inputValue()).not.toBe('');
    await admin.getByLabel('Capacity').fill('');
    await admin.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(admin, 'Event updated');
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: event.id } });
    expect(saved).toMatchObject({ capacity: null, guestsAllowed: 2, rsvpDigest: true });
    expect(saved.rsvpClosesAt).not.toBeNull();
  });
});
