// Naming an event's leaders and counting them at the door, in a real browser on a phone: the organiser sees the
// ratio warning on the event page and on its form, picks leaders among the cleared adults (a leader named before
// whose check ran out is refused by name until unticked), the warning goes once two cleared leaders are named,
// and the check-in counts the cleared leaders and young members there as passes are scanned. Screenshots of the
// picker and the check-in at 390×844, light and dark (test-artifacts/web/leaders-picker-*, check-in-ratio-*). The
// warning opens the picker where it is, and a leader the event names finds its register on the event page.
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePass } from '../../api/src/modules/events/event-pass';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  checkScreen,
  expectToast,
  futureDate,
  launchBrowser,
  shows,
  signedInPage,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);

describe.each(WEB_DATABASE_KINDS)('naming leaders and counting them at the door on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let cleo: User;
  let dev: User;
  let lee: User;
  let kid: User;
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const { prisma } = app.deps;
    const adult = new Date('1986-03-04');
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin', birthDate: adult } });
    cleo = await prisma.user.create({ data: { name: 'Cleo Cleared', birthDate: adult } });
    dev = await prisma.user.create({ data: { name: 'Dev Daniels', birthDate: adult } });
    // Lee was named while cleared; his background check has run out since.
    lee = await prisma.user.create({ data: { name: 'Lee Lapsed', birthDate: adult } });
    const check = (userId: number, kindName: string, expiresOn: Date) => ({
      userId,
      kind: kindName,
      completedOn: day(-400),
      expiresOn,
    });
    await prisma.leaderCheck.createMany({
      data: [
        ...[cleo, dev].flatMap((user) => [
          check(user.id, 'background_check', day(300)),
          check(user.id, 'safeguarding_training', day(500)),
        ]),
        check(lee.id, 'background_check', day(-3)),
        check(lee.id, 'safeguarding_training', day(300)),
      ],
    });
    eventId = (await prisma.event.create({ data: eventRow(admin.id, { name: 'Cub camp', date: futureDate(5) }) })).id;
    await prisma.eventLeader.createMany({ data: [cleo, lee].map((user) => ({ eventId, userId: user.id })) });
    const kids: User[] = [];
    for (const name of ['Kit Cub', 'Kai Cub', 'Kim Cub'])
      kids.push(await prisma.user.create({ data: { name, birthDate: new Date(day(-365 * 9)) } }));
    kid = kids[0]!;
    await prisma.attendance.createMany({
      data: [...kids, cleo, dev].map((user) => ({ eventId, userId: user.id, status: 'attending' as const })),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pageAs = (scheme: 'light' | 'dark' = 'light'): Promise<Page> =>
    signedInPage(browser, app, admin.id, { scheme, viewport: SIZES.phone });

  it('When an event lacks cleared leaders, then its form warns as its page does', async () => {
    const page = await pageAs();
    await page.goto(`/events/${eventId}/edit`);
    await shows(page.getByRole('heading', { name: 'Edit Event: Cub camp' }));
    const warning = page.getByTestId('leaders-warning');
    await shows(warning);
    expect(await warning.textContent()).toBe('Two cleared leaders needed — 1 assigned');
    await page.context().close();
  });

  it('When the page warns of too few leaders, then its Choose leaders opens the picker, and a named leader finds the register', async () => {
    const page = await pageAs();
    await page.goto(`/events/${eventId}`);
    const warning = page.getByTestId('leaders-warning');
    await shows(warning);
    // On a phone the Leaders card is below the discussion: the warning opens its picker where the manager is.
    await warning.getByRole('button', { name: 'Choose leaders' }).click();
    const picker = page.getByRole('dialog', { name: 'Leaders of this event' });
    await shows(picker.getByRole('checkbox', { name: /Dev Daniels/ }));
    expect(await picker.getByRole('checkbox', { name: /Cleo Cleared/ }).isChecked()).toBe(true);
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => picker.count()).toBe(0);
    await page.context().close();

    // Cleo is named (not the creator, no section): Register is at the top of her event page and opens it.
    const named = await signedInPage(browser, app, cleo.id, { viewport: SIZES.phone });
    await named.goto(`/events/${eventId}`);
    await shows(named.getByRole('heading', { name: 'Cub camp' }));
    expect(await named.getByTestId('leaders-warning').count()).toBe(0);
    expect(await named.getByRole('button', { name: 'Manage' }).count()).toBe(0);
    await named.getByRole('link', { name: 'Register' }).click();
    await shows(named.getByRole('heading', { name: 'Register' }));
    await shows(named.getByText('Kit Cub'));
    await named.context().close();

    // Dev is cleared but not named: no Register.
    const other = await signedInPage(browser, app, dev.id, { viewport: SIZES.phone });
    await other.goto(`/events/${eventId}`);
    await shows(other.getByRole('heading', { name: 'Cub camp' }));
    expect(await other.getByRole('link', { name: 'Register' }).count()).toBe(0);
    await other.context().close();
  }, 120_000);

  it('When the organiser picks leaders, then only cleared adults are offered, a lapsed one is refused by name, and the warning goes', async () => {
    // Dark first, only looked at; then light, where the leaders are saved.
    for (const scheme of [...SCHEMES].reverse()) {
      const page = await pageAs(scheme);
      await page.goto(`/events/${eventId}`);
      await shows(page.getByTestId('leaders-warning'));
      const card = page.getByRole('region', { name: 'Leaders' });
      await shows(card.getByText('Cleo Cleared'));
      await shows(card.getByText('Checks not current'));
      await card.getByRole('button', { name: 'Choose leaders' }).click();
      const picker = page.getByRole('dialog', { name: 'Leaders of this event' });
      await shows(picker.getByRole('checkbox', { name: /Dev Daniels/ }));
      // The cleared adults (Alex holds no checks, the cubs are young), and Lee, named before, marked.
      expect(
        await picker
          .getByRole('checkbox')
          .evaluateAll((boxes) => boxes.map((box) => box.closest('label')!.textContent)),
      ).toEqual(['Lee LapsedChecks not current', 'Cleo Cleared', 'Dev Daniels']);
      expect(await picker.getByRole('checkbox', { name: /Lee Lapsed/ }).isChecked()).toBe(true);
      expect(await picker.getByRole('checkbox', { name: /Cleo Cleared/ }).isChecked()).toBe(true);
      await checkScreen(page, `leaders-picker-${scheme}`, SIZES);
      if (scheme === 'dark') {
        await page.context().close();
        continue;
      }

      await picker.getByRole('checkbox', { name: /Dev Daniels/ }).check();
      await picker.getByRole('button', { name: 'Save leaders' }).click();
      await shows(picker.getByRole('alert').filter({ hasText: `these members cannot: Lee Lapsed (${lee.id})` }));
      await picker.getByRole('checkbox', { name: /Lee Lapsed/ }).uncheck();
      await picker.getByRole('button', { name: 'Save leaders' }).click();
      await expectToast(page, 'Leaders saved');
      await expect.poll(() => picker.count()).toBe(0);
      // Two cleared leaders for three cubs: the warning goes at once, without a reload.
      await expect.poll(() => page.getByTestId('leaders-warning').count()).toBe(0);
      expect(await card.getByRole('listitem').allTextContents()).toEqual(['Cleo Cleared', 'Dev Daniels']);
      const named = await app.deps.prisma.eventLeader.findMany({ where: { eventId }, orderBy: { userId: 'asc' } });
      expect(named.map((row) => row.userId)).toEqual([cleo.id, dev.id]);

      await page.goto(`/events/${eventId}/edit`);
      await shows(page.getByRole('heading', { name: 'Edit Event: Cub camp' }));
      await shows(page.getByLabel('Event Name'));
      expect(await page.getByTestId('leaders-warning').count()).toBe(0);
      await page.context().close();
    }
  }, 120_000);

  it('When passes are scanned at the door, then the cleared leaders and young members there are counted live', async () => {
    const openDoor = async (page: Page) => {
      await page.goto(`/events/${eventId}`);
      await page.getByRole('button', { name: 'Manage' }).click();
      await page
        .getByRole('dialog', { name: 'Manage event' })
        .getByRole('button', { name: /^Check in/ })
        .click();
      const door = page.getByRole('dialog', { name: 'Check-in at the door' });
      await shows(door.getByLabel('Check in by pass'));
      return door;
    };
    const scan = async (door: ReturnType<Page['getByRole']>, user: User) => {
      await door.getByLabel('Check in by pass').fill(issuePass(app.deps.secrets, eventId, user.id));
      await door.getByRole('button', { name: 'Check in', exact: true }).click();
      await shows(door.getByRole('status').filter({ hasText: `Checked in: ${user.name}` }));
    };
    const page = await pageAs();
    const door = await openDoor(page);
    const here = door.getByTestId('check-in-ratio').getByRole('status').first();
    const warning = door.getByTestId('check-in-ratio-warning');
    // Nobody there yet: nothing to warn about.
    await expect.poll(() => here.textContent()).toBe('Here now: 0 young members, 0 cleared leaders');
    expect(await warning.count()).toBe(0);

    await scan(door, kid);
    await expect.poll(() => here.textContent()).toBe('Here now: 1 young member, 0 cleared leaders');
    await expect.poll(() => warning.textContent()).toBe('2 cleared leaders needed — 0 here');
    await scan(door, cleo);
    await expect.poll(() => here.textContent()).toBe('Here now: 1 young member, 1 cleared leader');
    await expect.poll(() => warning.textContent()).toBe('2 cleared leaders needed — 1 here');
    await checkScreen(page, 'check-in-ratio-light', SIZES);
    const dark = await pageAs('dark');
    await shows((await openDoor(dark)).getByTestId('check-in-ratio-warning'));
    await checkScreen(dark, 'check-in-ratio-dark', SIZES);
    await dark.context().close();

    await scan(door, dev);
    await expect.poll(() => here.textContent()).toBe('Here now: 1 young member, 2 cleared leaders');
    await expect.poll(() => warning.count()).toBe(0);
    await page.context().close();
  }, 120_000);
});
