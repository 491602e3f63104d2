// A section's events in a real browser: an organiser who leads a section creates an event for her section from the form (the
// only sections offered are hers), its members see it with the section's name and colour in the list and on its
// page, and a member of another section does not see it at all. Screenshots at 390×844, light and dark, en and ar
// (saved under test-artifacts/web/section-events).
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import { eventRow } from '../support/events';
import { startTestApp, type TestApp } from '../support/test-app';
import { WEB_DATABASE_KINDS, expectToast, launchBrowser, shows, signedInPage } from './browser';
import { SCHEMES, SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('a section’s events on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let leader: User;
  let cub: User;
  let scout: User;
  let cubsId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const { prisma } = app.deps;
    const adult = new Date('1988-02-01');
    leader = await prisma.user.create({ data: { name: 'Lena Leader', birthDate: adult, role: 'organiser' } });
    cub = await prisma.user.create({ data: { name: 'Cora Cub', birthDate: adult } });
    scout = await prisma.user.create({ data: { name: 'Seth Scout', birthDate: adult } });
    const cubs = await prisma.section.create({ data: { name: 'Cubs', colour: '#16a34a' } });
    const scouts = await prisma.section.create({ data: { name: 'Scouts', colour: '#dc2626' } });
    cubsId = cubs.id;
    await prisma.sectionMember.createMany({
      data: [
        { sectionId: cubs.id, userId: leader.id, role: 'leader' },
        { sectionId: cubs.id, userId: cub.id },
        { sectionId: scouts.id, userId: scout.id },
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const pageAs = (user: User, options: { language?: string; scheme?: 'light' | 'dark' } = {}): Promise<Page> =>
    signedInPage(browser, app, user.id, { ...options, viewport: SIZES.phone });

  it('When a section leader creates an event for her section, then only its members see it, tagged with the section', async () => {
    const page = await pageAs(leader);
    await page.goto('/events/create');
    const section = page.getByLabel('Section', { exact: true });
    await shows(section);
    // Hers only: she does not lead Scouts, so the form does not offer it.
    expect(await section.locator('option').allTextContents()).toEqual(['The whole organisation', 'Cubs']);
    await page.getByLabel('Event Name', { exact: true }).fill('Cubs campfire');
    await page.getByLabel('Description', { exact: true }).fill('Songs and marshmallows.');
    await page.getByLabel('Date and Time', { exact: true }).fill(`${new Date().getUTCFullYear() + 1}-05-14T18:00`);
    await page.getByLabel('Location', { exact: true }).fill('The den');
    await section.selectOption({ label: 'Cubs' });
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    const saved = await app.deps.prisma.event.findFirstOrThrow({ where: { name: 'Cubs campfire' } });
    expect(saved.sectionId).toBe(cubsId);
    await page.context().close();

    const member = await pageAs(cub);
    await member.goto('/events');
    const row = member.locator('article', { hasText: 'Cubs campfire' });
    await shows(row.getByText('Cubs', { exact: true }));
    await member.goto(`/events/${saved.id}`);
    await shows(member.getByRole('banner').or(member.locator('header')).getByText('Cubs', { exact: true }).first());
    await member.context().close();

    const outsider = await pageAs(scout);
    await outsider.goto('/events');
    await shows(outsider.getByRole('heading', { level: 1 }).first());
    await outsider.waitForLoadState('networkidle');
    expect(await outsider.getByText('Cubs campfire').count()).toBe(0);
    await outsider.context().close();
  });

  it('When a member looks at a section’s event, then its tag reads well light and dark, in English and Arabic', async () => {
    const { prisma } = app.deps;
    const event = await prisma.event.create({
      data: eventRow(leader.id, { name: 'Cubs hike', sectionId: cubsId, date: new Date(Date.now() + 9 * 86_400_000) }),
    });
    const dir = path.join(ARTIFACTS_DIR, 'web', 'section-events');
    mkdirSync(dir, { recursive: true });
    for (const language of ['en', 'ar']) {
      for (const scheme of SCHEMES) {
        const page = await pageAs(cub, { language, scheme });
        await page.goto('/events');
        await shows(page.locator('article', { hasText: 'Cubs hike' }).getByText('Cubs', { exact: true }));
        await page.screenshot({ path: path.join(dir, `list-${language}-${scheme}.png`), animations: 'disabled' });
        await page.goto(`/events/${event.id}`);
        await shows(page.getByText('Cubs', { exact: true }).first());
        await page.screenshot({ path: path.join(dir, `details-${language}-${scheme}.png`), animations: 'disabled' });
        await page.context().close();
      }
    }
  }, 120_000);
});
