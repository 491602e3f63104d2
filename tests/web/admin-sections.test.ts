// Admin → Setup → Sections in a real browser: an admin creates a section with a colour, adds a member and makes
// them a leader, renames it and deletes it, and every step is what the API then holds. Screenshots of the list
// and the members dialog at 390×844 and 1366×900, light and dark, in English, German and Arabic (saved under
// test-artifacts/web/sections).
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  launchBrowser,
  openAdminSetup,
  shows,
  signedInPage,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('Admin → Sections on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;
  let scout: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    scout = await prisma.user.create({ data: { name: 'Sam Scoutleader', birthDate: new Date('1990-03-01') } });
    await prisma.user.create({ data: { name: 'Gwen Guardian', role: 'guardian' } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const adminPage = (options: { language?: string; size?: keyof typeof SIZES; scheme?: 'light' | 'dark' } = {}) =>
    signedInPage(browser, app, admin.id, {
      language: options.language,
      scheme: options.scheme,
      viewport: SIZES[options.size ?? 'desktop'],
    });

  async function screenshot(page: Page, name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'sections');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  }

  it('When an admin creates a section, adds a leader, renames it and deletes it, then the server holds each step', async () => {
    const { prisma } = app.deps;
    const page = await adminPage();
    await page.goto('/admin/settings');
    await openAdminSetup(page, 'Sections');
    await shows(page.getByText('No sections yet: every event is for the whole organisation.'));

    await page.getByRole('button', { name: 'New section' }).click();
    const form = page.getByRole('dialog', { name: 'New section' });
    await form.getByRole('button', { name: 'Save' }).click();
    await shows(form.getByText('Give the section a name'));
    await form.getByLabel('Name').fill('Cubs');
    await form.getByLabel('About this section (optional)').fill('Ages 8 to 10, Tuesdays');
    await form.getByLabel('Colour').fill('#16a34a');
    await form.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Section saved');
    const row = page.getByRole('listitem', { name: 'Cubs' });
    await shows(row.getByText('No members yet'));
    const cubs = await prisma.section.findFirstOrThrow({ where: { name: 'Cubs' } });
    expect(cubs).toMatchObject({ description: 'Ages 8 to 10, Tuesdays', colour: '#16a34a' });

    await row.getByRole('button', { name: 'Members and leaders' }).click();
    const people = page.getByRole('dialog', { name: 'Cubs: members and leaders' });
    await shows(people.getByText('Nobody is in this section yet.'));
    await people.getByLabel('Find a member').fill('Sam');
    await people.getByRole('button', { name: 'Add Sam Scoutleader to the section' }).click();
    await shows(people.getByRole('listitem', { name: 'Sam Scoutleader' }));
    // A guardian account cannot join a section, so the search never offers one.
    await people.getByLabel('Find a member').fill('Gwen');
    await shows(people.getByText('No other active member matches.'));
    await people.getByRole('checkbox', { name: 'Sam Scoutleader leads this section' }).check();
    await expect
      .poll(
        async () => (await prisma.sectionMember.findFirst({ where: { sectionId: cubs.id, userId: scout.id } }))?.role,
      )
      .toBe('leader');
    await expectAccessible(page, 'section members dialog');
    await people.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Cubs' });
    await edit.getByLabel('Name').fill('Cub Scouts');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Section saved');
    const renamed = page.getByRole('listitem', { name: 'Cub Scouts' });
    await shows(renamed);

    await renamed.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Cub Scouts?' }).getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Section deleted');
    await shows(page.getByText('No sections yet: every event is for the whole organisation.'));
    expect(await prisma.section.count()).toBe(0);
    const actions = (await prisma.auditEntry.findMany({ where: { action: { startsWith: 'section.' } } })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'section.created',
        'section.members_changed',
        'section.leaders_changed',
        'section.updated',
        'section.deleted',
      ]),
    );
    await page.context().close();
  });

  it('When sections exist, then the list and the members dialog read well on phones and desktops, light and dark, in en, de and ar', async () => {
    const { prisma } = app.deps;
    const beavers = await prisma.section.create({
      data: { name: 'Beavers', colour: '#2563eb', description: 'Ages 6 to 8' },
    });
    await prisma.section.create({ data: { name: 'Scouts', colour: '#dc2626' } });
    await prisma.sectionMember.create({ data: { sectionId: beavers.id, userId: scout.id, role: 'leader' } });
    for (const language of ['en', 'de', 'ar']) {
      for (const size of ['phone', 'desktop'] as const) {
        for (const scheme of SCHEMES) {
          const page = await adminPage({ language, size, scheme });
          await page.goto('/admin/settings?tab=sections');
          const row = page.getByRole('listitem', { name: 'Beavers' });
          await shows(row);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
          );
          expect(overflow, `sideways scroll (${language}, ${size})`).toBe(false);
          await screenshot(page, `list-${language}-${size}-${scheme}`);
          await row.getByRole('button').first().click();
          await shows(page.getByRole('dialog').getByRole('listitem', { name: 'Sam Scoutleader' }));
          await screenshot(page, `members-${language}-${size}-${scheme}`);
          await page.context().close();
        }
      }
    }
  }, 180_000);
});
