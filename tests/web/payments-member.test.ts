// Paying a fee from the RSVP card and the family home in Chromium, with the local fake Stripe at the network
// boundary: "Pay now" leaves for the fake's payment page, the test pays it there (the signed webhook Stripe would
// send) and comes back by the session's success_url; a cancelled payment comes back by its cancel_url. A waived
// member reads "No payment needed"; a guardian pays for two children in one Checkout; inside Telegram Stripe opens
// in the phone's browser. Screenshots of the card's states at 390×844, light and dark, and in Arabic:
// test-artifacts/web/payments-member/.
import type { User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../shared/types';
import { ARTIFACTS_DIR } from '../support/env';
import { eventBody } from '../support/events';
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../support/fake-stripe';
import type { TestClient } from '../support/http-client';
import { startTestApp, TEST_BOT_TOKEN, type TestApp } from '../support/test-app';
import { expectAccessible, launchBrowser, openPage, settle, shows, signedInPage } from './browser';
import { LIGHT_THEME, fromTelegram, launchMiniApp, probe } from './telegram-client';

const DIR = path.join(ARTIFACTS_DIR, 'web', 'payments-member');
const CHILD_BIRTH = new Date(Date.UTC(new Date().getUTCFullYear() - 10, 2, 1));

describe('paying a fee in the web app', { timeout: 300_000 }, () => {
  let stripe: FakeStripe;
  let app: TestApp;
  let browser: Browser;
  let leader: { user: User; client: TestClient };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    [app, browser] = await Promise.all([
      startTestApp('pglite', {
        env: {
          PAYMENT_HOLD_MINUTES: '30',
          STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
          STRIPE_API_URL: stripe.url,
          TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
          TELEGRAM_BOT_USERNAME: 'events_test_bot',
        },
      }),
      launchBrowser(),
    ]);
    leader = await app.signedIn({ name: 'Lena Leader', role: 'organiser' });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await stripe?.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await leader.client.post('/api/events', { ...eventBody(), ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as EventDetail;
  };
  const rsvpCard = (page: Page) => page.getByRole('region', { name: 'Your RSVP' });
  const sessionAt = (url: string) => {
    const id = new URL(url).pathname.split('/').pop()!;
    const session = stripe.sessions.get(id);
    expect(session, `a session at ${url}`).toBeDefined();
    return session!;
  };
  /** Pays the session as Stripe would: complete at Stripe, then the signed webhook to the app. */
  const payAtStripe = async (sessionId: string) => {
    const sent = await stripe.sendWebhook(
      `${app.url}/api/payments/stripe/webhook`,
      stripe.eventFor('checkout.session.completed', stripe.complete(sessionId)),
    );
    expect(sent.status).toBe(200);
  };
  /** Stripe sends the payer back: the URL it was given, as the browser opens it. */
  const backFromStripe = (page: Page, url: string) => page.goto(url);
  const holdTime = async (eventId: number, userId: number) => {
    const reply = await app.deps.prisma.attendance.findUniqueOrThrow({
      where: { eventId_userId: { eventId, userId } },
    });
    return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' })
      .format(reply.paymentHoldUntil!)
      .replace(/\s/g, ' ');
  };

  /** One part of the page at 390×844 in light and dark (and axe in light), saved for a person to look at. */
  async function shoot(page: Page, part: Locator, name: string, schemes: Array<'light' | 'dark'> = ['light', 'dark']) {
    mkdirSync(DIR, { recursive: true });
    // The reply's toast would cover the card.
    for (const close of await page.locator('.toast .toast-close').all()) await close.click();
    await expect.poll(() => page.locator('.toast').count()).toBe(0);
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme });
      await settle(page);
      if (scheme === 'light') await expectAccessible(page, name);
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(scrollWidth, `${name} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
      await part.screenshot({ path: path.join(DIR, `${name}-${scheme}.png`), animations: 'disabled' });
      await page.screenshot({
        path: path.join(DIR, `${name}-page-${scheme}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  it('When a member replies to a pay-to-confirm trip and pays, then the card goes from held to paid', async () => {
    const trip = await create({
      name: 'Canoe trip',
      fee: { amount: 1250 },
      paymentMode: 'pay_to_confirm',
      capacity: 8,
    });
    const amy = await app.deps.prisma.user.create({ data: { name: 'Amy Paddler' } });
    const page = await signedInPage(browser, app, amy.id);
    await page.goto(`/events/${trip.id}`);
    const card = rsvpCard(page);
    await shows(card.getByText('€12.50 per person'));
    await shows(card.getByText('Pay online to confirm your place.'));
    await expect(card.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);

    await card.getByRole('button', { name: 'I Will Attend' }).click();
    await shows(card.getByText('Place held until you pay'));
    await shows(card.getByText('Payment due'));
    await shows(card.getByText(`Pay by ${await holdTime(trip.id, amy.id)} to keep your place.`));
    await shoot(page, card, 'card-held');

    await card.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
    const session = sessionAt(page.url());
    expect(session).toMatchObject({
      amount_total: 1250,
      currency: 'eur',
      metadata: { eventId: String(trip.id), userIds: String(amy.id) },
      success_url: `${app.url}/events/${trip.id}?payment=success`,
      cancel_url: `${app.url}/events/${trip.id}?payment=cancelled`,
    });

    // Back before Stripe's webhook: the card waits for it, and shows the payment once it has come.
    await backFromStripe(page, session.success_url);
    await shows(card.getByText('Waiting for confirmation from the payment provider'));
    expect(new URL(page.url()).search).toBe('');
    await shoot(page, card, 'card-waiting', ['light']);
    await payAtStripe(session.id);
    await shows(card.getByText('Payment received — thank you'));
    await shows(card.getByText('Paid', { exact: true }));
    await expect(card.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    expect(
      await app.deps.prisma.attendance.findFirstOrThrow({ where: { eventId: trip.id, userId: amy.id } }),
    ).toMatchObject({ status: 'attending' });
    await shoot(page, card, 'card-paid');

    // A reload does not say it again.
    await page.reload();
    await shows(card.getByText('Paid', { exact: true }));
    await expect(card.getByText('Payment received — thank you').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('When a member cancels on the payment page, then the card says their place is held until when', async () => {
    const trip = await create({
      name: 'Climbing day',
      fee: { amount: 2000 },
      paymentMode: 'pay_to_confirm',
      capacity: 8,
    });
    const ben = await app.deps.prisma.user.create({ data: { name: 'Ben Climber' } });
    const page = await signedInPage(browser, app, ben.id);
    await page.goto(`/events/${trip.id}`);
    const card = rsvpCard(page);
    await card.getByRole('button', { name: 'I Will Attend' }).click();
    await card.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
    const session = sessionAt(page.url());
    await backFromStripe(page, session.cancel_url);
    await shows(card.getByText(`Payment cancelled — your place is held until ${await holdTime(trip.id, ben.id)}`));
    // Still due, with the button to try again.
    await shows(card.getByText('Payment due'));
    await shows(card.getByRole('button', { name: 'Pay now' }));
    expect(new URL(page.url()).search).toBe('');
    await shoot(page, card, 'card-cancelled');
    await page.context().close();
  });

  it('When a member’s fee is waived, then their card reads "No payment needed" and offers no payment', async () => {
    const camp = await create({ name: 'Summer camp', fee: { amount: 15000 }, paymentMode: 'pay_later' });
    const cleo = await app.signedIn({ name: 'Cleo Camper' });
    expect((await cleo.client.post(`/api/events/${camp.id}/attend`, { status: 'attending' })).body.status).toBe(
      'attending',
    );
    const waived = await leader.client.post(`/api/events/${camp.id}/attendees/${cleo.user.id}/payment`, {
      method: 'waived',
    });
    expect(waived.status, waived.text).toBe(200);
    const page = await signedInPage(browser, app, cleo.user.id);
    await page.goto(`/events/${camp.id}`);
    const card = rsvpCard(page);
    await shows(card.getByText('€150.00 per person'));
    await shows(card.getByText('No payment needed'));
    await expect(card.getByRole('button', { name: 'Pay now' }).count()).resolves.toBe(0);
    await shoot(page, card, 'card-waived');
    await page.context().close();
  });

  it('When an Arabic reader owes a fee, then the amount and the card read right to left', async () => {
    const trip = await create({ name: 'Museum day', fee: { amount: 1250 }, paymentMode: 'pay_later' });
    const dina = await app.signedIn({ name: 'Dina Reader' });
    expect((await dina.client.post(`/api/events/${trip.id}/attend`, { status: 'attending' })).status).toBe(200);
    const page = await signedInPage(browser, app, dina.user.id, { language: 'ar' });
    await page.goto(`/events/${trip.id}`);
    const card = page.locator('.details-rsvp');
    const amount = new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format('12.50' as never);
    await shows(card.getByText(`${amount} للشخص الواحد`));
    await shows(card.getByRole('button', { name: 'ادفع الآن' }));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shoot(page, card, 'card-owed-ar');
    await page.context().close();
  });

  it('When a guardian pays for two children at once, then one Checkout covers both and the family page shows them paid', async () => {
    const { prisma } = app.deps;
    const trip = await create({ name: 'Zoo trip', fee: { amount: 1250 }, paymentMode: 'pay_to_confirm', capacity: 10 });
    const parent = await app.signedIn({ name: 'Pat Parent', role: 'guardian' });
    const children: User[] = [];
    for (const name of ['Robin Young', 'Sam Young']) {
      const child = await prisma.user.create({ data: { name, birthDate: CHILD_BIRTH } });
      await prisma.guardianship.create({ data: { guardianId: parent.user.id, childId: child.id } });
      await prisma.guardianConsent.create({
        data: { childId: child.id, guardianId: parent.user.id, method: 'email_link', textVersion: 0 },
      });
      const reply = await parent.client.post(`/api/events/${trip.id}/attend`, {
        status: 'attending',
        forUserId: child.id,
      });
      expect(reply.body.status).toBe('awaiting_payment');
      children.push(child);
    }
    const page = await signedInPage(browser, app, parent.user.id);
    await page.goto('/guardian');
    const fees = page.getByRole('region', { name: 'Fees to pay' });
    await shows(fees.getByRole('group', { name: 'Zoo trip' }));
    await shows(fees.getByRole('checkbox', { name: /Robin/ }));
    await shows(fees.getByRole('checkbox', { name: /Sam/ }));
    await shows(fees.getByRole('button', { name: 'Pay €25.00 for Robin and Sam: Zoo trip' }));
    await shoot(page, fees, 'family-fees');
    // One child unticked, the total follows; ticked again for both.
    await fees.getByRole('checkbox', { name: /Sam/ }).uncheck();
    await shows(fees.getByRole('button', { name: 'Pay €12.50 for Robin: Zoo trip' }));
    await fees.getByRole('checkbox', { name: /Sam/ }).check();

    await fees.getByRole('button', { name: /^Pay €25\.00/ }).click();
    await page.waitForURL((url) => url.href.startsWith(`${stripe.url}/pay/`));
    const session = sessionAt(page.url());
    expect(session).toMatchObject({
      amount_total: 2500,
      metadata: {
        eventId: String(trip.id),
        payerId: String(parent.user.id),
        userIds: children.map((c) => c.id).join(','),
      },
      success_url: `${app.url}/guardian?event=${trip.id}&payment=success`,
    });
    await payAtStripe(session.id);
    await backFromStripe(page, session.success_url);
    await shows(page.getByText('Payment received — thank you'));
    expect(new URL(page.url()).search).toBe('');
    // Each child's row says paid, and nothing is left to pay.
    await expect.poll(() => page.getByText('Paid', { exact: true }).count()).toBe(2);
    await expect(fees.count()).resolves.toBe(0);
    await shoot(page, page.locator('main'), 'family-paid', ['light']);
    await page.context().close();
  });

  it('When a member inside Telegram presses Pay now, then Stripe opens in the phone’s browser and the Mini App waits', async () => {
    const trip = await create({ name: 'Sailing', fee: { amount: 900 }, paymentMode: 'pay_to_confirm', capacity: 8 });
    await app.deps.prisma.user.create({ data: { name: 'Tia Telegram', telegramId: '880001' } });
    const page = await openPage(browser, app.url, { viewport: { width: 390, height: 844 } });
    await launchMiniApp(
      page,
      { id: 880001, first_name: 'Tia', last_name: 'Telegram' },
      { startParam: `event_${trip.id}`, theme: LIGHT_THEME },
    );
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/events/${trip.id}`);
    const card = rsvpCard(page);
    await card.getByRole('button', { name: 'I Will Attend' }).click();
    await shows(card.getByText('Place held until you pay'));
    await expect.poll(async () => (await probe(page)).mainButton).toMatchObject({ text: 'Pay now', is_visible: true });
    const sessions = stripe.sessions.size;
    await fromTelegram(page, 'main_button_pressed');
    await expect.poll(async () => (await probe(page)).calls).toContain('web_app_open_link');
    expect(stripe.sessions.size).toBe(sessions + 1);
    // The Mini App stayed on the event, waiting for the payment made in the browser.
    expect(new URL(page.url()).pathname).toBe(`/events/${trip.id}`);
    await shows(card.getByText('Finish paying in your browser. This page updates once the payment is confirmed.'));
    const session = [...stripe.sessions.values()].at(-1)!;
    await payAtStripe(session.id);
    await shows(card.getByText('Paid', { exact: true }));
    await page.context().close();
  });
});
