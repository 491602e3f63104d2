// Home's "Your next event" is the member's own, wherever it is in the list: a member going only to the 6th
// soonest event (outside the 5 Featured Events) sees that one, with their status, not the soonest of all.
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle, shows } from './browser';

const NAMES = ['Archery', 'Baking', 'Canoeing', 'Drawing', 'Escape Room', 'Forest Walk', 'Games Night'];

describe('the member’s next event on home', () => {
  let app: TestApp;
  let browser: Browser;
  let member: User;
  let newcomer: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    const host = await prisma.user.create({ data: { name: 'Hana Host', isAdmin: true, role: 'admin' } });
    member = await prisma.user.create({ data: { name: 'Sasha Sixth' } });
    newcomer = await prisma.user.create({ data: { name: 'Nico New' } });
    const events = [];
    for (const [index, name] of NAMES.entries()) {
      events.push(
        await prisma.event.create({
          data: {
            name,
            description: 'A club evening.',
            location: 'Club house',
            imageUrl: '/images/events/workshop.svg',
            date: futureDate(index + 2),
            isPublic: true,
            creatorId: host.id,
          },
        }),
      );
    }
    // Declined the soonest, going to the 6th soonest only.
    await prisma.attendance.create({ data: { eventId: events[0]!.id, userId: member.id, status: 'not_attending' } });
    await prisma.attendance.create({ data: { eventId: events[5]!.id, userId: member.id, status: 'attending' } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function homeAs(user: User): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    await page.goto('/');
    await settle(page);
    return page;
  }

  it('When a member goes only to the 6th soonest event, then home shows that one as their next event', async () => {
    const page = await homeAs(member);
    const next = page.getByRole('region', { name: 'Your next event' });
    await shows(next.getByRole('heading', { name: 'Forest Walk' }));
    await shows(next.getByText('Attending', { exact: true }));
    expect(await page.getByText('Coming up next').count()).toBe(0);
    // Featured Events stays the 5 soonest.
    const featured = page.getByRole('region', { name: 'Featured Events' });
    expect(await featured.getByRole('link', { name: /^View Details: / }).count()).toBe(5);
    expect(await featured.getByRole('link', { name: 'View Details: Forest Walk' }).count()).toBe(0);
    await page.context().close();
  });

  it('When a member goes to nothing yet, then home offers the soonest event to reply to', async () => {
    const page = await homeAs(newcomer);
    const next = page.getByRole('region', { name: 'Coming up next' });
    await shows(next.getByRole('heading', { name: 'Archery' }));
    await shows(next.getByRole('link', { name: 'Reply to Archery' }));
    await page.context().close();
  });
});
