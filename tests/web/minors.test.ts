// Under-16s in a real browser on a phone: a member without a birth date presses RSVP and is asked for it in
// place; a minor names a guardian, the consent email arrives at a real SMTP server, the guardian opens it on
// another device, signs in and consents, a leader confirms it in Admin → Members, and the child's RSVP then goes
// through; the organiser sees the child.
// An adult is asked for nothing more than the birth date. Screenshots of every new screen at both sizes, light
// and dark, go to test-artifacts/web/minors/.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startNotifyApp, type NotifyApp } from '../notifications/notify-app';
import { ARTIFACTS_DIR } from '../support/env';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import {
  animationsDone,
  chooseBirthDate,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  openPage,
  overnightCamp,
  settle,
  shows,
  WEB_DATABASE_KINDS,
  yearsAgo,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'minors');

/**
 * No sideways scrolling and no serious accessibility problem (axe on the phone), and a screenshot at each size in
 * each scheme. A dialog is photographed as the screen shows it; a page as a whole.
 */
async function screens(page: Page, name: string, { whole = true } = {}) {
  mkdirSync(DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // The buttons fade to the new scheme's colours: checked mid-fade they would read as low contrast.
    await animationsDone(page);
    for (const [label, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      // A whole page from its top: scrolled, the sticky header would be drawn over the middle of the picture.
      if (whole) await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways at ${label} size`).toBeLessThanOrEqual(innerWidth);
      // Behind a dialog the page is dimmed on purpose; in the dark scheme axe counts the dimmed page's buttons as
      // low contrast, so a dialog is checked in the light scheme (where the same markup is checked in full).
      if (label === 'phone' && (whole || scheme === 'light')) await expectAccessible(page, `${name} (${scheme})`);
      await page.screenshot({
        path: path.join(DIR, `${name}-${label}-${scheme}.png`),
        fullPage: whole,
        animations: 'disabled',
      });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES.phone);
}

describe.each(WEB_DATABASE_KINDS)('under-16s in the web app on %s', (kind) => {
  let app: NotifyApp;
  let smtp: TestSmtpServer;
  let browser: Browser;
  let host: User;
  let trip: Event;
  let camp: Event;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    [app, browser] = await Promise.all([
      startNotifyApp(kind, { env: { REQUIRE_BIRTH_DATE: 'true', DEMO_MODE: 'on' } }),
      launchBrowser(),
    ]);
    const admin = await app.admin();
    await app.saveSmtp(admin.client, smtp.port);
    host = await app.deps.prisma.user.create({
      data: { name: 'Olive Organiser', isAdmin: true, birthDate: new Date('1980-04-02') },
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
    camp = await app.deps.prisma.event.create({ data: overnightCamp(host.id) });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  async function phoneAs(user: User | null): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: SIZES.phone });
    if (user) {
      const token = await createSession(app.deps, user.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    }
    return page;
  }

  // The whole flow on two devices, each screen shot in four looks: minutes on a loaded machine.
  it('When a child RSVPs without a birth date, then they are asked for it, name a guardian who consents on another device, the RSVP goes through, and a trip waits for the guardian’s approval', async () => {
    const child = await app.deps.prisma.user.create({ data: { name: 'Robin Young' } });
    const page = await phoneAs(child);
    await page.goto(`/events/${trip.id}`);
    await page.getByRole('button', { name: 'I Will Attend' }).click();

    // Asked in place, with the reason, and the focus in the dialog.
    const ask = page.getByRole('dialog', { name: 'Add your date of birth' });
    await shows(ask);
    expect(await ask.textContent()).toContain('You set it once');
    await expect
      .poll(() =>
        page.evaluate(() => {
          const focused = document.activeElement;
          return focused?.tagName === 'SELECT' && focused.closest('fieldset') !== null;
        }),
      )
      .toBe(true);
    await screens(page, 'ask-birth-date', { whole: false });
    await chooseBirthDate(ask, yearsAgo(12));
    await ask.getByRole('button', { name: 'Save and continue' }).click();

    // The retry finds a minor without consent: the next step asks for a guardian.
    const guardianStep = page.getByRole('dialog', { name: 'Ask a parent or guardian' });
    await shows(guardianStep);
    await screens(page, 'ask-guardian', { whole: false });
    await guardianStep.getByLabel('Parent or guardian’s email').fill('parent.young@example.org');
    await guardianStep.getByRole('button', { name: 'Ask for consent' }).click();
    await shows(guardianStep.getByText('We emailed your parent or guardian at parent.young@example.org'));
    await screens(page, 'guardian-asked', { whole: false });
    await guardianStep.getByRole('button', { name: 'Done' }).click();

    // Settings says where the child stands, and the birth date is now read-only.
    await page.goto('/settings');
    await shows(page.getByText('Ask an admin to correct it.'));
    await shows(page.getByText('Waiting for your parent or guardian to give consent.'));
    await page.locator('#guardian-title').scrollIntoViewIfNeeded();
    await screens(page, 'settings-minor');

    // The email, read from the real SMTP server.
    await app.worker().drain();
    const mails = await smtp.waitFor(1);
    const mail = mails.find((message) => message.envelopeTo.includes('parent.young@example.org'));
    expect(mail).toBeDefined();
    const link = /https?:\/\/\S+\/guardian\/consent\?token=[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();

    // Another device: signed out, it shows who and what, then the sign-in.
    const parentPage = await phoneAs(null);
    const consentPath = new URL(link!).pathname + new URL(link!).search;
    await parentPage.goto(consentPath);
    await shows(parentPage.getByRole('heading', { name: 'Consent for Robin Young' }));
    await shows(parentPage.getByRole('heading', { name: 'Sign in to give consent' }));
    await screens(parentPage, 'consent-signed-out');
    await parentPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await parentPage
      .getByRole('dialog', { name: 'Login to the product' })
      .getByRole('button', { name: 'Demo: sign in as Demo Member' })
      .click();
    // Back on the same link, signed in.
    await shows(parentPage.getByRole('button', { name: 'I give consent' }));
    expect(parentPage.url()).toContain('/guardian/consent?token=');
    await screens(parentPage, 'consent-signed-in');
    await parentPage.getByRole('button', { name: 'I give consent' }).click();
    // An email proves an address, not a parent: a leader confirms first (the organisation's default).
    await shows(parentPage.getByRole('heading', { name: 'Thank you — a leader will confirm it' }));
    await screens(parentPage, 'consent-thanks-awaiting');
    await parentPage.getByRole('link', { name: 'Go to your children' }).click();
    await shows(parentPage.getByRole('heading', { name: 'Waiting for a leader' }));
    expect(await parentPage.getByRole('button', { name: /Withdraw/ }).count()).toBe(0);
    await screens(parentPage, 'guardian-home-awaiting');
    await page.goto('/settings');
    await shows(page.getByText('Your parent or guardian has agreed. A leader will confirm it soon'));
    await page.locator('#guardian-title').scrollIntoViewIfNeeded();
    await screens(page, 'settings-minor-awaiting');

    // The leader sees the consent at the top of Members and confirms it.
    const leaderPage = await phoneAs(host);
    await leaderPage.goto('/admin/settings?tab=members');
    await shows(leaderPage.getByRole('heading', { name: 'Consents waiting for a leader' }));
    await shows(leaderPage.getByText('Link sent to parent.young@example.org'));
    await screens(leaderPage, 'admin-consents-awaiting');
    await leaderPage.getByRole('button', { name: 'Confirm Demo Member as guardian of Robin Young' }).click();
    await expectToast(leaderPage, 'Demo Member is now a guardian of Robin Young');
    await expect.poll(() => leaderPage.getByRole('heading', { name: 'Consents waiting for a leader' }).count()).toBe(0);
    await leaderPage.context().close();

    // The guardian's home lists the child with the consent given.
    await parentPage.goto('/guardian');
    await shows(parentPage.getByRole('heading', { name: 'Robin Young' }));
    await shows(parentPage.getByText('Consent given'));
    await screens(parentPage, 'guardian-home');

    // The same link a second time is explained, not a blank page.
    await parentPage.goto(consentPath);
    await shows(parentPage.getByRole('heading', { name: 'This link has already been used' }));
    await screens(parentPage, 'consent-used');

    // The child's RSVP now goes through.
    await page.goto(`/events/${trip.id}`);
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Attendance updated');
    await shows(page.locator('.status-attending'));
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The organiser sees the child in the attendee list.
    const organiserPage = await phoneAs(host);
    await organiserPage.goto(`/events/${trip.id}`);
    await shows(organiserPage.getByText('Robin Young').first());

    // A trip that needs a guardian's approval: the place is held, and the guardian is asked.
    await page.goto(`/events/${camp.id}`);
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Waiting for a guardian', 'We asked your parent or guardian to approve this event.');
    await shows(page.getByText('Your place is held while a parent or guardian decides.'));
    // The card's status (the phone's reply bar may repeat it once the card's buttons are below the fold).
    await shows(page.locator('.status-awaiting_guardian').first());
    await shows(page.getByTestId('parent-wait').getByRole('button', { name: 'Copy the link for your parent' }));
    await screens(page, 'rsvp-awaiting-guardian');

    // The guardian approves it from their page; the child is then attending.
    await parentPage.goto('/guardian');
    const approve = parentPage.getByRole('button', { name: 'Approve Overnight Camp for Robin' });
    await shows(approve);
    await screens(parentPage, 'guardian-home-slip');
    await approve.click();
    await expectToast(parentPage, 'Approved', 'Robin is going to Overnight Camp.');
    await expect.poll(() => approve.count()).toBe(0);
    const reply = await app.deps.prisma.attendance.findFirst({ where: { eventId: camp.id, userId: child.id } });
    expect(reply?.status).toBe('attending');
    await page.reload();
    await shows(page.locator('.status-attending'));
    await parentPage.context().close();
    await organiserPage.context().close();
    await page.context().close();
  }, 240_000);

  it('When an adult without a birth date RSVPs, then they give it once and are attending with no consent step', async () => {
    const adult = await app.deps.prisma.user.create({ data: { name: 'Avery Adult' } });
    const page = await phoneAs(adult);
    await page.goto('/events');
    await page.getByRole('button', { name: 'Join Forest Trail Day' }).click();
    const ask = page.getByRole('dialog', { name: 'Add your date of birth' });
    await shows(ask);
    await chooseBirthDate(ask, yearsAgo(30));
    await ask.getByRole('button', { name: 'Save and continue' }).click();
    await expectToast(page, 'RSVP updated');
    await shows(page.getByRole('button', { name: 'Joined Forest Trail Day: click to cancel' }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    const reply = await app.deps.prisma.attendance.findFirst({ where: { eventId: trip.id, userId: adult.id } });
    expect(reply?.status).toBe('attending');
    await page.context().close();
  });

  it('When an adult with a birth date RSVPs and comments, then nothing is asked', async () => {
    const adult = await app.deps.prisma.user.create({
      data: { name: 'Sam Settled', birthDate: new Date('1990-06-15') },
    });
    const page = await phoneAs(adult);
    await page.goto(`/events/${trip.id}`);
    await page.getByRole('button', { name: 'I Will Attend' }).click();
    await expectToast(page, 'Attendance updated');
    await page.getByLabel('Add a comment').fill('Count me in!');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expectToast(page, 'Comment posted');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });

  it('When an admin opens a member’s age and consent, and the organisation’s consent text, then both can be edited', async () => {
    const minor = await app.deps.prisma.user.create({ data: { name: 'Kit Paper', birthDate: new Date(yearsAgo(11)) } });
    const page = await phoneAs(host);
    await page.goto('/admin/settings?tab=members');
    await page.getByRole('button', { name: 'Age and consent of Kit Paper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kit Paper: age and consent' });
    await shows(dialog);
    await dialog.getByLabel('In person').check();
    await dialog.getByLabel('Note').fill('Mother signed the form at the autumn camp; kept in the office file.');
    await screens(page, 'admin-age-consent', { whole: false });
    await dialog.getByRole('button', { name: 'Record consent' }).click();
    await expectToast(page, 'Consent recorded for Kit Paper');
    const consents = await app.deps.prisma.guardianConsent.findMany({ where: { childId: minor.id } });
    expect(consents).toEqual([expect.objectContaining({ method: 'in_person', withdrawnAt: null })]);
    await page.keyboard.press('Escape');

    await page.goto('/admin/settings?tab=organisation');
    const text = page.getByLabel('Consent text');
    await shows(text);
    await text.fill('I agree that my child may take part in the events.\n\nI can withdraw this at any time.');
    await screens(page, 'admin-consent-text');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Organisation settings saved');
    await shows(page.getByText(/Version 1\./));
    await page.context().close();
  });
});
