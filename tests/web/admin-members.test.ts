// An admin runs moderation from the web app: a reported comment is resolved from Reports, the Audit tab shows
// what was done, and a pending account sees the waiting screen. Screenshots of each new tab at the layout
// tests' sizes in both colour schemes (saved under test-artifacts/web/admin-members).
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  futureDate,
  launchBrowser,
  newTestContext,
  openPage,
  settle,
  shows,
} from './browser';
import { SCHEMES, SIZES } from './layout-kit';

describe.each(WEB_DATABASE_KINDS)('the admin’s Members, Reports and Audit tabs on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let admin: User;
  let author: User;
  let reporter: User;
  let event: Event;

  beforeAll(async () => {
    // Open membership: the members below act at once, without waiting for approval.
    [app, browser] = await Promise.all([startTestApp(kind, { env: { MEMBERSHIP_MODE: 'open' } }), launchBrowser()]);
    admin = await app.deps.prisma.user.create({ data: { name: 'Alex Admin', isAdmin: true, role: 'admin' } });
    author = await app.deps.prisma.user.create({ data: { name: 'Rowan Rude', telegramUsername: 'rowan_r' } });
    reporter = await app.deps.prisma.user.create({ data: { name: 'Casey Careful' } });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Forest Camp',
        description: 'Two nights in the forest.',
        location: 'Scout hut',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(5),
        isPublic: true,
        creatorId: admin.id,
      },
    });
    // Through the API, as the members would: the author comments, another member reports the comment.
    const comment = await call<{ id: number }>(author, 'POST', `/api/events/${event.id}/comments`, {
      content: 'Nobody wants you at this camp, stay home.',
    });
    await call(reporter, 'POST', `/api/events/${event.id}/comments/${comment.id}/report`, {
      reason: 'Unkind to another member',
    });
    page = await openPage(browser, app.url);
    await signInAs(page, admin);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function call<T = unknown>(user: User, method: string, url: string, body?: unknown): Promise<T> {
    const token = await createSession(app.deps, user.id);
    const response = await fetch(new URL(url, app.url), {
      method,
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${url}: ${response.status}`).toBe(true);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function signInAs(target: Page, user: User) {
    const token = await createSession(app.deps, user.id);
    await target.context().clearCookies();
    await target.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
  }

  it('When the admin removes a reported comment from Reports, then the report leaves the open list and is resolved', async () => {
    await page.goto('/admin/settings?tab=reports');
    const report = page.getByRole('listitem', { name: 'Report of a comment by Rowan Rude' });
    await shows(report.getByText('Nobody wants you at this camp, stay home.'));
    await shows(report.getByText('Unkind to another member'));
    await shows(report.getByText('Casey Careful'));
    expect(await report.getByRole('link', { name: 'View the event' }).getAttribute('href')).toBe(`/events/${event.id}`);
    await expectAccessible(page, 'admin reports');

    await report.getByRole('button', { name: 'Remove comment' }).click();
    await expectToast(page, 'Comment removed');
    await shows(page.getByText('No open reports. Nothing needs you here.'));
    const saved = await app.deps.prisma.commentReport.findFirstOrThrow({});
    expect(saved.status).toBe('resolved');

    await page.getByRole('button', { name: 'Resolved', exact: true }).click();
    await shows(page.getByRole('listitem', { name: 'Report of a comment by Rowan Rude' }));
  });

  it('When the admin opens Audit after resolving the report, then the entry names the admin and the action in words', async () => {
    await page.getByRole('tab', { name: 'Audit' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=audit');
    const entries = page.getByRole('list', { name: 'Audit entries, newest first' });
    await shows(entries.getByText('Alex Admin: Removed a comment'));
    await page.getByLabel('Action').selectOption('report.resolved');
    await shows(entries.getByText('Alex Admin: Resolved a report'));
    expect(await entries.getByText('Alex Admin: Removed a comment').count()).toBe(0);
    await expectAccessible(page, 'admin audit');
  });

  it('When a pending account opens any member page, then it sees the waiting screen with an invite field and Logout', async () => {
    const waiting = await app.deps.prisma.user.create({ data: { name: 'Wren Waiting', status: 'pending' } });
    const context = await newTestContext(browser, { baseURL: app.url, viewport: SIZES.phone });
    const own = await context.newPage();
    await signInAs(own, waiting);
    for (const where of ['/', '/events', `/events/${event.id}`, '/settings']) {
      await own.goto(where);
      await shows(own.getByRole('heading', { name: 'Your membership is waiting for approval.' }));
    }
    await shows(own.getByText('An organiser will let you in soon'));
    await shows(own.getByLabel('Have an invite code?'));
    await shows(own.getByRole('main').getByRole('button', { name: 'Logout' }));
    await screenshot(own, 'waiting-phone-light');
    await expectAccessible(own, 'waiting screen');
    await context.close();
  });

  it('When the admin approves a pending member and makes an invite link, then the member is in and the link is listed', async () => {
    const applicant = await app.deps.prisma.user.create({
      data: { name: 'Parent of Mia Longname-Worthington', status: 'pending', telegramUsername: 'mia_parent_2014' },
    });
    await app.deps.prisma.user.createMany({
      data: [
        { name: 'Sam Leader', role: 'organiser' },
        { name: 'Jordan Quiet', status: 'suspended' },
      ],
    });
    await page.goto('/admin/settings?tab=members');
    const row = page.getByRole('listitem', { name: applicant.name });
    await shows(row);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect
      .poll(async () => (await app.deps.prisma.user.findUnique({ where: { id: applicant.id } }))?.status)
      .toBe('active');
    await call(admin, 'POST', '/api/admin/invites', { maxUses: 10, expiresInDays: 14, role: 'member' });
    await page.reload();
    await shows(page.getByRole('button', { name: /Copy/ }).first());
    const entries = await app.deps.prisma.auditEntry.findMany({ where: { action: 'member.approved' } });
    expect(entries.map((entry) => entry.subjectId)).toContain(String(applicant.id));
  });

  it('When the new tabs open on a phone and a desktop in light and dark, then nothing scrolls sideways and axe passes', async () => {
    for (const scheme of SCHEMES) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const context = await newTestContext(browser, { baseURL: app.url, viewport, colorScheme: scheme });
        const own = await context.newPage();
        await signInAs(own, admin);
        for (const tab of ['members', 'reports', 'audit']) {
          await own.goto(`/admin/settings?tab=${tab}`);
          await shows(own.getByRole('tabpanel'));
          await settle(own);
          const { scrollWidth, innerWidth } = await own.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }));
          expect(scrollWidth, `${tab} scrolls sideways (${size}, ${scheme})`).toBeLessThanOrEqual(innerWidth);
          if (size === 'phone') await expectAccessible(own, `${tab} (${scheme})`);
          await screenshot(own, `${tab}-${size}-${scheme}`);
        }
        await context.close();
      }
    }
    // Twelve pages, six of them checked with axe: longer than one flow's minute on a busy two-core machine.
  }, 150_000);

  async function screenshot(target: Page, name: string) {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'admin-members');
    mkdirSync(dir, { recursive: true });
    await target.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
  }
});
