// Admin → Members with guardian accounts in the list: a guardian account (made to consent for a child) is named
// as such and can be found with its own filter, and the admin keeps approving members. A row the app cannot draw
// is one short line in its place: the rest of the list, the approvals and the invites stay.
import type { User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import { checkScreen, expectAccessible, launchBrowser, openPage, shows } from './browser';

describe('guardian accounts in the admin’s Members tab', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: User;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    const { prisma } = app.deps;
    admin = await prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    await prisma.user.create({ data: { name: 'Gwen Guardian', role: 'guardian', telegramUsername: 'gwen_g' } });
    await prisma.user.create({ data: { name: 'Mo Member' } });
    await prisma.user.create({ data: { name: 'Pat Pending', status: 'pending' } });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function adminPage(language = 'en', colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 }, colorScheme });
    await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    const token = await createSession(app.deps, admin.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    return page;
  }

  it('When a guardian account is among the members, then the tab shows it as Guardian and the admin still approves', async () => {
    const page = await adminPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/admin/settings?tab=members');
    const guardian = page.getByRole('listitem', { name: 'Gwen Guardian' });
    await shows(guardian.getByText('Guardian', { exact: true }));
    // Nobody is given the guardian role, and a guardian account is not offered a member's role either.
    expect(await guardian.getByRole('combobox').count()).toBe(0);
    await shows(page.getByRole('listitem', { name: 'Mo Member' }).getByRole('combobox', { name: 'Role of Mo Member' }));

    await page.getByRole('listitem', { name: 'Pat Pending' }).getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(async () => (await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Pat Pending' } })).status)
      .toBe('active');

    await page.getByRole('button', { name: 'Guardians' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Members' }).getByRole('listitem').count()).toBe(1);
    await shows(page.getByRole('listitem', { name: 'Gwen Guardian' }));
    await expectAccessible(page, 'members with a guardian');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('When the filter shows guardians in German, then the labels are German', async () => {
    const page = await adminPage('de');
    await page.goto('/admin/settings?tab=members');
    await page.getByRole('button', { name: 'Erziehungsberechtigte' }).click();
    await shows(page.getByRole('listitem', { name: 'Gwen Guardian' }).getByText('Erziehungsberechtigte*r'));
    await page.context().close();
  });

  it('When one member’s row cannot be drawn, then that row says so and the rest of the tab works', async () => {
    const page = await adminPage();
    // An answer this version of the app does not understand (a role it has never heard of) for one row only.
    await page.route('**/api/admin/members?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { members: Array<{ name: string; role: string }> };
      for (const member of body.members) if (member.name === 'Mo Member') member.role = 'chieftain';
      await route.fulfill({ response, json: body });
    });
    await page.goto('/admin/settings?tab=members');
    await shows(page.getByText('Could not show this member.'));
    await shows(page.getByRole('listitem', { name: 'Gwen Guardian' }));
    await shows(page.getByRole('heading', { name: 'Members' }).first());
    expect(await page.getByRole('listitem', { name: 'Mo Member' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Suspended' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Suspended' }).getAttribute('aria-pressed')).toBe('true');
    // The filter starts another request through the handler; closing under it would dispose its response.
    await page.unrouteAll({ behavior: 'wait' });
    await page.context().close();
  });

  it('When an emailed consent comes from an account made after the child’s request, then Members shows a leader the facts and warns', async () => {
    const { prisma } = app.deps;
    const minute = 60_000;
    const asked = new Date(Date.now() - 60 * minute);
    const child = await prisma.user.create({ data: { name: 'Tilly Child', birthDate: new Date('2014-05-01') } });
    const request = await prisma.guardianRequest.create({
      data: {
        childId: child.id,
        email: 'tilly.second@example.org',
        tokenHash: 'awaiting-warning-test',
        expiresAt: new Date(asked.getTime() + 7 * 24 * 60 * minute),
        createdAt: asked,
      },
    });
    // The child's own second Telegram account, made three minutes after she asked.
    const second = await prisma.user.create({
      data: {
        name: 'Tilly Mum',
        role: 'guardian',
        telegramId: '770123456',
        telegramUsername: 'tilly_mum',
        createdAt: new Date(asked.getTime() + 3 * minute),
      },
    });
    await prisma.guardianRequest.update({
      where: { id: request.id },
      data: { usedAt: new Date(asked.getTime() + 4 * minute), usedBy: second.id },
    });
    await prisma.guardianConsent.create({
      data: {
        childId: child.id,
        guardianId: second.id,
        method: 'email_link',
        textVersion: 0,
        requestId: request.id,
        requestEmail: 'tilly.second@example.org',
        grantedAt: new Date(asked.getTime() + 4 * minute),
        // Waiting for a leader (a row without it counts as confirmed).
        verifiedAt: null,
      },
    });

    for (const [language, scheme] of [
      ['en', 'light'],
      ['ar', 'dark'],
    ] as const) {
      const page = await adminPage(language, scheme);
      await page.goto('/admin/settings?tab=members');
      if (language === 'en') {
        const entry = page.getByRole('listitem', { name: 'Tilly Mum for Tilly Child' });
        await shows(entry.getByText('New account', { exact: true }));
        await shows(entry.getByText('Account created 3 minutes after the request'));
        await shows(entry.getByText('Link sent to tilly.second@example.org'));
        await shows(entry.getByText('Sign-in: Telegram · @tilly_mum'));
        await shows(entry.getByRole('button', { name: 'Confirm Tilly Mum as guardian of Tilly Child' }));
        await shows(entry.getByRole('button', { name: 'Reject the consent of Tilly Mum for Tilly Child' }));
        // The warning is drawn as one: its icon beside the words, in the panel's warning style.
        const warning = entry.getByText('Account created 3 minutes after the request');
        expect(await warning.evaluate((element) => element.parentElement!.querySelector('svg') !== null)).toBe(true);
      } else {
        // The consent row names both; the plain member row below names only her.
        await shows(page.getByRole('listitem', { name: /^Tilly Mum .+ Tilly Child$/ }));
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      }
      await checkScreen(page, `admin-consent-warning-${language}-${scheme}`);
      await page.context().close();
    }
  }, 180_000);
});
