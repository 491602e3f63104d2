// The organiser's and the treasurer's side of fees, in a real browser: an organiser creates an event with a fee
// of 12.50 EUR paid later (typed in euros, stored as 1250 cents), members attend, the organiser marks one paid in
// cash, waives another's fee and refunds part of the first; the totals follow. Another member sees the waived one
// as "Paid". Admin → Payments lists the payments and the refund with totals and the CSV of the same days. Each
// screen at 390×844 and 1366×900, light and dark, and in Arabic (right to left); screenshots in
// test-artifacts/web/payments-organiser/.
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import type { TestClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { expectAccessible, expectToast, futureDate, launchBrowser, settle, shows, signedInPage } from './browser';

const SHOTS = path.join(ARTIFACTS_DIR, 'web', 'payments-organiser');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const LOOKS = [
  { name: 'phone-light', viewport: PHONE, scheme: 'light' },
  { name: 'phone-dark', viewport: PHONE, scheme: 'dark' },
  { name: 'desktop-light', viewport: DESKTOP, scheme: 'light' },
  { name: 'desktop-dark', viewport: DESKTOP, scheme: 'dark' },
  { name: 'phone-ar', viewport: PHONE, scheme: 'light', language: 'ar' },
  { name: 'desktop-ar', viewport: DESKTOP, scheme: 'dark', language: 'ar' },
] as const;

/** Nothing wider than the screen (a phone scrolls down, never sideways). */
async function expectNoOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter(
        (element) => element.getBoundingClientRect().right > width + 1 || element.getBoundingClientRect().left < -1,
      )
      .filter((element) => !element.closest('.visually-hidden, .skip-link, [hidden], .table-wrap'))
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`)
      .slice(0, 5);
  });
  expect(overflow, `elements wider than the screen on ${name}`).toEqual([]);
}

async function shot(target: Locator, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
}

describe('fees for the organiser and the treasurer', () => {
  let app: TestApp;
  let browser: Browser;
  let organiser: User;
  let treasurer: User;
  let members: { user: User; client: TestClient }[];
  let eventId: number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    organiser = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    treasurer = await app.deps.prisma.user.create({ data: { name: 'Tom Treasurer', role: 'admin', isAdmin: true } });
    members = await Promise.all(['Amy Archer', 'Ben Baker', 'Cat Cooper'].map((name) => app.signedIn({ name })));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const paymentMenu = (page: Page, name: string) =>
    page.getByRole('button', { name: new RegExp(`^Payment of ${name}:`) });
  it('When the organiser types a fee in euros, then the event costs 1250 cents, paid later', async () => {
    const page = await signedInPage(browser, app, organiser.id);
    await page.goto('/events/create');
    await page.getByLabel('Event Name', { exact: true }).fill('Canoe trip');
    await page.getByLabel('Description', { exact: true }).fill('A day on the river.');
    await page.getByLabel('Date and Time', { exact: true }).fill(futureDate(20).toISOString().slice(0, 16));
    await page.getByLabel('Location', { exact: true }).fill('The boathouse');
    const amount = page.getByLabel('Fee per member (optional)');
    // The organisation's currency is the default.
    await expect.poll(() => page.getByLabel('Currency').inputValue()).toBe('EUR');
    // Too many decimals for euros, and an amount that is no number, are told in words of their own.
    await amount.fill('12.505');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await shows(page.getByText('EUR has 2 decimals at most.'));
    await amount.fill('12 €');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await shows(page.getByText('Write the fee as a number, such as 12.50'));
    await amount.fill('0.00');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await shows(page.getByText('The fee must be from €0.01 to €10,000.00.'));
    await amount.fill('12.50');
    await expect.poll(() => page.getByLabel('Pay later').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(/\/events\/\d+$/);
    eventId = Number(/\/events\/(\d+)$/.exec(page.url())![1]);
    const stored = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(stored).toMatchObject({ feeAmount: 1250, feeCurrency: 'EUR', paymentMode: 'pay_later' });

    // The edit form reads it back in euros; each look of the fee's fields is kept.
    for (const look of LOOKS) {
      const view = await signedInPage(browser, app, organiser.id, look);
      await view.goto(`/events/${eventId}/edit`);
      const fee = view.locator('fieldset').filter({ has: view.locator('#event-fee-amount') });
      await expect.poll(() => view.locator('#event-fee-amount').inputValue()).toBe('12.50');
      await settle(view);
      await expectNoOverflow(view, `form ${look.name}`);
      await shot(fee, `form-${look.name}`);
      if (look.name === 'phone-light') await expectAccessible(view, 'the fee fields');
      await view.context().close();
    }
    // Making it free and back: the fee goes, and comes again.
    await page.goto(`/events/${eventId}/edit`);
    await page.getByRole('button', { name: 'Make the event free' }).click();
    await expect.poll(() => page.getByLabel('Fee per member (optional)').inputValue()).toBe('');
    await page.context().close();
  }, 240_000);

  it('When members attend, then the organiser marks cash, waives and refunds, and the totals follow', async () => {
    for (const { client } of members) {
      const res = await client.post(`/api/events/${eventId}/attend`, { status: 'attending' });
      expect(res.status, res.text).toBe(200);
    }
    const [amy, ben] = members;
    const page = await signedInPage(browser, app, organiser.id, { viewport: DESKTOP });
    await page.goto(`/events/${eventId}`);
    await shows(paymentMenu(page, 'Amy Archer'));
    expect(await paymentMenu(page, 'Amy Archer').textContent()).toContain('Owes');

    await paymentMenu(page, 'Amy Archer').click();
    await page.getByRole('menuitem', { name: 'Mark as paid' }).click();
    const paid = page.getByRole('dialog', { name: 'Amy Archer paid' });
    await paid.getByLabel('Cash').check();
    await paid.getByLabel('Note (optional)').fill('In an envelope');
    await paid.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Marked Amy Archer as paid');
    await expect.poll(() => paymentMenu(page, 'Amy Archer').textContent()).toContain('Paid');

    await paymentMenu(page, 'Ben Baker').click();
    await page.getByRole('menuitem', { name: 'Waive the fee' }).click();
    await expectToast(page, 'Waived the fee of Ben Baker');
    await expect.poll(() => paymentMenu(page, 'Ben Baker').textContent()).toContain('Waived');

    await paymentMenu(page, 'Amy Archer').click();
    await page.getByRole('menuitem', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund Amy Archer' });
    await refund.getByLabel('Amount (EUR) (optional)').fill('5,00');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expectToast(page, 'Refunded Amy Archer');

    const totals = page.getByRole('definition');
    await expect
      .poll(async () => (await page.getByLabel('Payments', { exact: true }).textContent()) ?? '')
      .toMatch(/Fee€12\.50Paid1Owes1Waived1Refunded0Collected€7\.50/);
    expect(await totals.count()).toBeGreaterThan(0);
    const stored = await app.deps.prisma.payment.findMany({ where: { eventId }, orderBy: { userId: 'asc' } });
    expect(stored.map((row) => [row.userId, row.status, row.method, row.amount, row.refundedAmount])).toEqual([
      [amy!.user.id, 'paid', 'cash', 1250, 500],
      [ben!.user.id, 'waived', 'waived', 0, 0],
    ]);

    // Undo puts a waiver back to owing, and waiving again is possible.
    await paymentMenu(page, 'Ben Baker').click();
    await page.getByRole('menuitem', { name: 'Undo: back to owing' }).click();
    await expectToast(page, 'Ben Baker owes the fee again');
    await paymentMenu(page, 'Ben Baker').click();
    await page.getByRole('menuitem', { name: 'Waive the fee' }).click();
    await expect.poll(() => paymentMenu(page, 'Ben Baker').textContent()).toContain('Waived');
    await page.context().close();

    for (const look of LOOKS) {
      const view = await signedInPage(browser, app, organiser.id, look);
      await view.goto(`/events/${eventId}`);
      const panel = view
        .locator('table')
        .filter({ has: view.locator('td', { hasText: 'Amy Archer' }) })
        .last();
      await shows(panel);
      await settle(view);
      await expectNoOverflow(view, `panel ${look.name}`);
      await shot(view.locator('[aria-labelledby="organiser-title"]'), `panel-${look.name}`);
      if (look.name === 'phone-dark') await expectAccessible(view, 'the payments in the organiser panel');
      await view.context().close();
    }
  }, 240_000);

  it('When another member reads the attendee list, then the waived fee reads "Paid"', async () => {
    const cat = members[2]!;
    const page = await signedInPage(browser, app, cat.user.id);
    await page.goto(`/events/${eventId}`);
    await page.getByRole('button', { name: 'Show attendees' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Ben Baker' });
    await shows(row);
    expect(await row.textContent()).toContain('Paid');
    expect(await page.locator('main').textContent()).not.toContain('Waived');
    await page.context().close();
  });

  it('When the treasurer opens Admin → Payments, then the payments and the refund are listed with totals', async () => {
    for (const look of LOOKS) {
      const page = await signedInPage(browser, app, treasurer.id, look);
      await page.goto('/admin/settings?tab=payments');
      const list = page.getByRole('table');
      await shows(list);
      await settle(page);
      if (!('language' in look)) {
        const text = (await list.textContent()) ?? '';
        expect(text).toContain('Canoe trip');
        expect(text).toContain('Cash · Paid');
        expect(text).toContain('€12.50');
        expect(text).toContain('-€5.00');
        expect(text).toContain('Waived');
        expect(await page.getByRole('group', { name: 'Totals' }).textContent()).toBe(
          'Received€12.50Refunded€5.00Kept€7.50',
        );
        const csv = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
        const from = await page.getByLabel('From', { exact: true }).inputValue();
        const to = await page.getByLabel('To', { exact: true }).inputValue();
        expect(csv).toBe(`/api/admin/payments.csv?from=${from}&to=${to}`);
      }
      await expectNoOverflow(page, `admin ${look.name}`);
      await shot(page.locator('[aria-labelledby="payments-title"]'), `admin-${look.name}`);
      if (look.name === 'phone-light') await expectAccessible(page, 'Admin → Payments');
      await page.context().close();
    }
  }, 240_000);
});
