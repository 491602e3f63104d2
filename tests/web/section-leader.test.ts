// A section leader's screens in a real browser: a leader who is not an organiser opens the event form and makes
// a meeting for her section (the only section offered); the events list filters by section and keeps the filter
// over a reload; "My section" on her home shows the next meeting's replies and nudges the undecided (once a day);
// the register marks each Cub in a tap, counts the live ratio, saves and reloads with the marks. Screenshots of
// My section and the register at 390×844 and 1366×900, light and dark, in English, German and Arabic (saved under
// test-artifacts/web/my-section-* and register-*).
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  checkScreen,
  expectToast,
  futureDate,
  launchBrowser,
  settle,
  shows,
  signedInPage,
  yearsAgo,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

/** Earlier today (UTC, the browser's zone): a meeting that has begun, whose register is taken now. */
function earlierToday(): Date {
  const now = new Date();
  const midnight = new Date(now);
  midnight.setUTCHours(0, 0, 0, 0);
  return new Date(now.getTime() - Math.min(60 * 60_000, (now.getTime() - midnight.getTime()) / 2));
}

describe.each(WEB_DATABASE_KINDS)('a section leader’s screens on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let lena: User;
  let amy: User;
  let ben: User;
  let dan: User;
  let sid: User;
  let cubs: number;
  let scouts: number;
  let nextMeeting: number;
  let todayMeeting: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const { prisma } = app.deps;
    const adult = new Date('1988-02-01');
    admin = await prisma.user.create({ data: { name: 'Ada Admin', isAdmin: true, role: 'admin', birthDate: adult } });
    // A member who leads the Cubs: no organiser role.
    lena = await prisma.user.create({ data: { name: 'Lena Leader', birthDate: adult } });
    amy = await prisma.user.create({ data: { name: 'Amy Archer', birthDate: new Date(yearsAgo(10)) } });
    ben = await prisma.user.create({ data: { name: 'Ben Baker', birthDate: new Date(yearsAgo(9)) } });
    dan = await prisma.user.create({ data: { name: 'Dan Dyer', birthDate: adult } });
    sid = await prisma.user.create({ data: { name: 'Sid Scout', birthDate: adult } });
    cubs = (await prisma.section.create({ data: { name: 'Cubs', colour: '#16a34a' } })).id;
    scouts = (await prisma.section.create({ data: { name: 'Scouts', colour: '#dc2626' } })).id;
    await prisma.sectionMember.createMany({
      data: [
        { sectionId: cubs, userId: lena.id, role: 'leader' },
        ...[amy, ben, dan].map((user) => ({ sectionId: cubs, userId: user.id })),
        { sectionId: scouts, userId: sid.id },
      ],
    });
    const inYears = (years: number) => new Date(Date.now() + years * 365 * 86_400_000);
    await prisma.leaderCheck.createMany({
      data: ['background_check', 'safeguarding_training'].map((kind) => ({
        userId: lena.id,
        kind,
        completedOn: inYears(-1),
        expiresOn: inYears(2),
      })),
    });
    const meeting = (name: string, date: Date, sectionId: number | null) =>
      prisma.event.create({ data: eventRow(admin.id, { name, location: 'The den', date, sectionId }) });
    nextMeeting = (await meeting('Cubs knots night', futureDate(2), cubs)).id;
    todayMeeting = (await meeting('Cubs games night', earlierToday(), cubs)).id;
    await meeting('Scouts hike', futureDate(3), scouts);
    await meeting('Summer fair', futureDate(4), null);
    // Amy says she is coming to the next meeting; Ben and Dan have not replied. Dan was checked in today.
    await prisma.attendance.create({ data: { eventId: nextMeeting, userId: amy.id, status: 'attending' } });
    // A check-in is an update of the reply (the trigger that marks the register watches it).
    const danReply = await prisma.attendance.create({
      data: { eventId: todayMeeting, userId: dan.id, status: 'attending' },
    });
    await prisma.attendance.update({ where: { id: danReply.id }, data: { checkedInAt: new Date() } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pageAs = (user: User, options: Parameters<typeof signedInPage>[3] = {}): Promise<Page> =>
    signedInPage(browser, app, user.id, options);

  it('When a section leader who is not an organiser opens the form, then she creates a meeting for her section', async () => {
    const page = await pageAs(lena);
    await page.goto('/events/create');
    const section = page.getByLabel('Section', { exact: true });
    await shows(section);
    // Her section only: not Scouts, and not the whole organisation (the server would refuse both).
    expect(await section.locator('option').allTextContents()).toEqual(['Cubs']);
    await page.getByLabel('Event Name', { exact: true }).fill('Cubs campfire');
    await page.getByLabel('Description', { exact: true }).fill('Songs and marshmallows.');
    await page.getByLabel('Date and Time', { exact: true }).fill(`${new Date().getUTCFullYear() + 1}-05-14T18:00`);
    await page.getByLabel('Location', { exact: true }).fill('The den');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    const saved = await app.deps.prisma.event.findFirstOrThrow({ where: { name: 'Cubs campfire' } });
    expect(saved).toMatchObject({ sectionId: cubs, creatorId: lena.id });
    await page.context().close();

    // A member who leads nothing still meets the refusal.
    const member = await pageAs(sid);
    await member.goto('/events/create');
    await shows(member.getByRole('heading', { name: 'Permission Denied' }));
    await member.context().close();
  });

  it('When the list is filtered by a section, then only its events show, also after a reload', async () => {
    const page = await pageAs(admin);
    await page.goto('/events');
    const list = page.getByRole('main');
    await shows(list.getByText('Scouts hike'));
    const chips = page.getByRole('group', { name: 'Show events of' });
    expect(await chips.getByRole('link').allTextContents()).toEqual(['All', 'Cubs', 'Scouts']);
    await chips.getByRole('link', { name: 'Cubs', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('section')).toBe(String(cubs));
    await shows(list.getByText('Cubs knots night'));
    await expect.poll(() => list.getByText('Scouts hike').count()).toBe(0);
    expect(await list.getByText('Summer fair').count()).toBe(0);

    await page.reload();
    await shows(list.getByText('Cubs knots night'));
    await settle(page);
    expect(await list.getByText('Scouts hike').count()).toBe(0);
    expect(await chips.getByRole('link', { name: 'Cubs', exact: true }).getAttribute('aria-current')).toBe('true');
    await chips.getByRole('link', { name: 'All', exact: true }).click();
    await shows(list.getByText('Scouts hike'));
    await page.context().close();
  });

  it('When a leader opens home, then My section shows who replied, nudges the undecided once a day', async () => {
    const page = await pageAs(lena);
    await page.goto('/');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'My section: Cubs' }) });
    await shows(card.getByRole('link', { name: /Cubs knots night/ }));
    const replies = card.getByRole('region', { name: 'Replies' });
    await shows(replies.getByText('Coming (1)'));
    expect(await replies.getByRole('listitem').allTextContents()).toEqual(['Amy Archer', 'Ben Baker', 'Dan Dyer']);
    await shows(replies.getByText('No reply yet (2)'));
    // Amy is a minor and nobody is named to lead: the warning says so.
    await shows(card.getByText('Two cleared leaders needed — 0 assigned'));
    await shows(card.getByRole('link', { name: /Take the register/ }));

    await card.getByRole('button', { name: 'Nudge' }).click();
    await expectToast(page, 'Reminded 2 members');
    expect(await app.deps.prisma.eventNudge.count({ where: { eventId: nextMeeting } })).toBe(2);
    await page.reload();
    await card.getByRole('button', { name: 'Nudge' }).click();
    await shows(card.getByText('Already nudged today'));
    await page.context().close();
  });

  it('When a leader takes the register, then marks count live, save, and come back after a reload', async () => {
    const page = await pageAs(lena);
    await page.goto('/');
    await page.getByRole('link', { name: /Take the register/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${todayMeeting}/register`);
    const row = (name: string) => page.getByRole('radiogroup', { name });
    // Dan's pass was scanned at the door: he is present already.
    await shows(row('Dan Dyer'));
    expect(await row('Dan Dyer').getByRole('radio', { name: 'Present' }).isChecked()).toBe(true);
    await shows(page.getByText('Checked in'));

    await row('Amy Archer').getByRole('radio', { name: 'Present' }).check();
    await row('Ben Baker').getByRole('radio', { name: 'Late' }).check();
    // Two minors there, no cleared leader marked yet.
    const ratio = page.getByTestId('register-ratio');
    await expect.poll(() => ratio.textContent()).toBe('2 cleared leaders needed — 0 here');
    await row('Lena Leader').getByRole('radio', { name: 'Present' }).check();
    await expect.poll(() => ratio.textContent()).toBe('2 cleared leaders needed — 1 here');
    await page.getByRole('button', { name: 'Save 3 changes' }).click();
    await expectToast(page, 'Register saved');

    await page.reload();
    await shows(row('Amy Archer'));
    expect(await row('Amy Archer').getByRole('radio', { name: 'Present' }).isChecked()).toBe(true);
    expect(await row('Ben Baker').getByRole('radio', { name: 'Late' }).isChecked()).toBe(true);
    expect(await row('Lena Leader').getByRole('radio', { name: 'Present' }).isChecked()).toBe(true);
    const totals = page.getByRole('region', { name: 'Totals' });
    expect(await totals.getByRole('listitem').allTextContents()).toEqual([
      '3Present',
      '1Late',
      '0Excused',
      '0Absent',
      '0Not marked',
    ]);
    const saved = await app.deps.prisma.registerEntry.findMany({
      where: { eventId: todayMeeting },
      select: { userId: true, status: true },
      orderBy: { userId: 'asc' },
    });
    expect(saved).toEqual(
      [
        { userId: lena.id, status: 'present' },
        { userId: amy.id, status: 'present' },
        { userId: ben.id, status: 'late' },
        { userId: dan.id, status: 'present' },
      ].sort((a, b) => a.userId - b.userId),
    );
    await page.context().close();
  });

  it('When My section and the register are shown, then they read well light and dark in en, de and ar', async () => {
    for (const language of ['en', 'de', 'ar']) {
      for (const scheme of SCHEMES) {
        const page = await pageAs(lena, { language, scheme });
        await page.goto('/');
        await shows(page.getByRole('heading', { name: /Cubs/ }).first());
        await checkScreen(page, `my-section-${language}-${scheme}`, SIZES);
        await page.goto(`/events/${todayMeeting}/register`);
        await shows(page.getByRole('radiogroup', { name: 'Amy Archer' }));
        await checkScreen(page, `register-${language}-${scheme}`, SIZES);
        await page.context().close();
      }
    }
  }, 240_000);
});
