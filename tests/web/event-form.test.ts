// The create and edit forms guide the organiser: the fields the API requires are marked '*' and the others
// '(optional)', each missing field says so beside itself (no blanket 'All fields are required'), an event needs
// no picture (it then gets a cover in the brand colour), a date in the past is confirmed before saving, and the
// cover picker offers covers in the brand colour besides the four samples, which then show on the event's page
// and in its shared link. On a phone (390×844)
// and a desktop (1366×900), light and dark; screenshots in test-artifacts/web/event-form/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/env';
import { get, pageFor } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  expectAccessible,
  expectToast,
  launchBrowser,
  openPage,
  settle,
  shows,
  signInWithDemo,
} from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const SCREENS = (['phone', 'desktop'] as const).flatMap((size) =>
  (['light', 'dark'] as const).map((scheme) => ({ size, scheme })),
);
const SHOTS = path.join(ARTIFACTS_DIR, 'web', 'event-form');

/** Each required field, the message it shows when empty, and the control that carries it. */
const MISSING = [
  { label: 'Event Name', message: 'Give the event a name.' },
  { label: 'Description', message: 'Add a few words about what is going on.' },
  { label: 'Date and Time', message: 'Pick the day and the start time.' },
  { label: 'Location', message: 'Say where to meet.' },
] as const;
/** The optional fields, each labelled so. */
const OPTIONAL = ['Capacity (optional)', 'RSVP closes at (optional)'] as const;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** What a screen reader hears as the control's description (its aria-describedby texts). */
const description = (page: Page, selector: string) =>
  page.locator(selector).evaluate((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

const lastYear = () => `${new Date().getUTCFullYear() - 1}-05-09T18:00`;

describe.each(WEB_DATABASE_KINDS)('the event form on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let eventId = 0;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind, { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    page = await openPage(browser, app.url, { viewport: SIZES.phone });
    await signInWithDemo(page, 'Demo Admin');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each(SCREENS)(
    'When the organiser submits an empty form ($size, $scheme), then each required field says what it needs and the optional ones stay quiet',
    async ({ size, scheme }) => {
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/events/create');
      await shows(page.getByRole('heading', { name: 'Create New Event' }));
      await page.getByRole('button', { name: 'Create Event' }).click();

      await shows(page.getByText('Give the event a name.'));
      // The form says which fields are required once, and never that all of them are.
      await shows(page.getByText('Fields marked * are required.'));
      expect(await page.getByText('All fields are required').count()).toBe(0);
      for (const { label, message } of MISSING) {
        const control = page.getByLabel(label, { exact: true });
        expect(await control.getAttribute('aria-invalid'), label).toBe('true');
        expect(await control.getAttribute('aria-required'), label).toBe('true');
        const id = await control.getAttribute('id');
        expect(await description(page, `#${id}`), label).toContain(message);
        // The '*' beside the label is seen, and left out of what a screen reader reads as its name.
        expect(await page.locator(`label[for="${id}"] + [aria-hidden="true"]`).textContent(), label).toBe('*');
      }
      for (const label of OPTIONAL) {
        const control = page.getByLabel(label, { exact: true });
        expect(await control.getAttribute('aria-invalid'), label).toBeNull();
        expect(await control.getAttribute('aria-required'), label).toBeNull();
      }
      // The cover is optional too: its group says so and is not in error.
      await shows(page.getByRole('group', { name: 'Event Image (optional)' }));
      await shows(page.getByText('Without one, the event gets a cover in our colour.'));
      expect(await page.getByRole('radiogroup', { name: 'Or pick a cover:' }).getAttribute('aria-invalid')).toBeNull();
      // Focus went to the first field that needs attention, and it is on the screen.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('event-name');
      expect(await page.getByLabel('Event Name', { exact: true }).isVisible()).toBe(true);
      // A filled field loses its message at once; the others keep theirs.
      await page.getByLabel('Event Name', { exact: true }).fill('Rooftop film night');
      await expect.poll(() => page.getByText('Give the event a name.').count()).toBe(0);
      await shows(page.getByText('Say where to meet.'));

      await settle(page);
      await expectAccessible(page, `event form with errors (${size}, ${scheme})`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `empty-submit-${size}-${scheme}`);
    },
  );

  it.each(SCREENS)(
    'When the cover picker opens ($size, $scheme), then it offers covers in the brand colour besides the samples',
    async ({ size, scheme }) => {
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/events/create');
      const covers = page.getByRole('radiogroup', { name: 'Or pick a cover:' }).getByRole('radio');
      // The 4 samples and 8 covers in the brand colour (the form is a chunk of its own: it may still be loading).
      await expect.poll(() => covers.count()).toBe(12);
      await page.getByRole('radio', { name: 'Cover in our colour: waves' }).check();
      await shows(page.getByRole('img', { name: 'Selected event image' }));
      const preview = page.getByRole('img', { name: 'Selected event image' });
      expect(await preview.getAttribute('src')).toBe('/images/events/brand-waves.svg');
      // Every cover was drawn (the server draws the brand ones), none is a broken image.
      const picker = page.getByRole('radiogroup', { name: 'Or pick a cover:' });
      await picker.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          picker
            .locator('img')
            .evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth === 0).length),
        )
        .toBe(0);
      await settle(page);
      await expectAccessible(page, `cover picker (${size}, ${scheme})`);
      await picker.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: path.join(SHOTS, `covers-${size}-${scheme}.png`), animations: 'disabled' });
    },
  );

  it.each(SCREENS)(
    'When the date is in the past ($size, $scheme), then saving asks first and Cancel keeps the form as it was',
    async ({ size, scheme }) => {
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/events/create');
      await page.getByLabel('Event Name', { exact: true }).fill('Throwback picnic');
      await page.getByLabel('Description', { exact: true }).fill('The photos of last spring, finally on the site.');
      await page.getByLabel('Date and Time', { exact: true }).fill(lastYear());
      await page.getByLabel('Location', { exact: true }).fill('Riverside park');
      await page.getByRole('radio', { name: 'Cover in our colour: confetti' }).check();
      await page.getByRole('button', { name: 'Create Event' }).click();

      const dialog = page.getByRole('alertdialog', { name: 'This date has already passed' });
      await shows(dialog);
      expect(await dialog.textContent()).toContain('is in the past. Save the event with this date anyway?');
      await settle(page);
      await expectAccessible(page, `past date dialog (${size}, ${scheme})`);
      // The dialog covers the screen the organiser is looking at: a screenshot of that screen, not the page.
      await page.screenshot({ path: path.join(SHOTS, `past-date-${size}-${scheme}.png`), animations: 'disabled' });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(new URL(page.url()).pathname).toBe('/events/create');
      expect(await page.getByLabel('Event Name', { exact: true }).inputValue()).toBe('Throwback picnic');
      expect(await app.deps.prisma.event.count({ where: { name: 'Throwback picnic' } })).toBe(0);
    },
  );

  it('When the organiser confirms a past date with a brand cover, then the event is saved and its page shows the cover', async () => {
    await page.setViewportSize(SIZES.phone);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/events/create');
    await page.getByLabel('Event Name', { exact: true }).fill('Throwback picnic');
    await page.getByLabel('Description', { exact: true }).fill('The photos of last spring, finally on the site.');
    await page.getByLabel('Date and Time', { exact: true }).fill(lastYear());
    await page.getByLabel('Location', { exact: true }).fill('Riverside park');
    await page.getByRole('radio', { name: 'Cover in our colour: confetti' }).check();
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page
      .getByRole('alertdialog', { name: 'This date has already passed' })
      .getByRole('button', { name: 'Save anyway' })
      .click();

    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    eventId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(saved.imageUrl).toBe('/images/events/brand-confetti.svg');
    expect(saved.date.toISOString()).toBe(`${lastYear()}:00.000Z`);

    const cover = page.locator('img[src="/images/events/brand-confetti.svg"]').first();
    await shows(cover);
    await expect.poll(() => cover.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await settle(page);
    await shot(page, 'details-brand-cover-phone-light');
  });

  it('When the organiser fills in only the required fields, then the event is created with a cover in the brand colour', async () => {
    await page.setViewportSize(SIZES.phone);
    await page.goto('/events/create');
    await page.getByLabel('Event Name', { exact: true }).fill('Spontaneous kickabout');
    await page.getByLabel('Description', { exact: true }).fill('Bring a ball if you have one.');
    await page.getByLabel('Date and Time', { exact: true }).fill(`${new Date().getUTCFullYear() + 1}-06-12T17:00`);
    await page.getByLabel('Location', { exact: true }).fill('The big field');
    await shows(page.getByText('No image selected'));
    await page.getByRole('button', { name: 'Create Event' }).click();

    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id } });
    expect(saved.imageUrl).toMatch(/^\/images\/events\/brand-[a-z]+\.svg$/);
    const cover = page.locator(`img[src="${saved.imageUrl}"]`).first();
    await shows(cover);
    await expect.poll(() => cover.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  it('When the organiser edits an event that already happened without moving it, then it saves without asking', async () => {
    await page.goto(`/events/${eventId}/edit`);
    await shows(page.getByRole('heading', { name: 'Edit Event: Throwback picnic' }));
    expect(await page.getByRole('radio', { name: 'Cover in our colour: confetti' }).isChecked()).toBe(true);
    await page.getByLabel('Location', { exact: true }).fill('Riverside park, by the bridge');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Event updated');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(saved.location).toBe('Riverside park, by the bridge');
  });

  it.each(SCREENS)(
    'When the organiser says what to bring ($size, $scheme), then the event page lists it under its heading and the form shows it again',
    async ({ size, scheme }) => {
      await page.setViewportSize(SIZES[size]);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/events/${eventId}/edit`);
      const box = page.getByLabel('What to bring (optional)', { exact: true });
      await box.fill(`Waterproofs and a torch (${size}, ${scheme})`);
      await page.getByRole('button', { name: 'Update Event' }).click();
      await expectToast(page, 'Event updated');
      await page.goto(`/events/${eventId}`);
      const row = page.getByRole('row', { name: /What to bring/ });
      await shows(row);
      expect(await row.textContent()).toContain(`Waterproofs and a torch (${size}, ${scheme})`);
      await settle(page);
      await shot(page, `details-what-to-bring-${size}-${scheme}`);
      await page.goto(`/events/${eventId}/edit`);
      expect(await page.getByLabel('What to bring (optional)', { exact: true }).inputValue()).toBe(
        `Waterproofs and a torch (${size}, ${scheme})`,
      );
      await shot(page, `form-what-to-bring-${size}-${scheme}`);
    },
  );

  it('When a chat app fetches the link of an event with a brand cover, then its preview picture is a PNG drawn from it', async () => {
    // Only an upcoming event is previewed: the throwback picnic moves to next week.
    await app.deps.prisma.event.update({
      where: { id: eventId },
      data: { date: new Date(Date.now() + 7 * 86_400_000) },
    });
    const shared = await pageFor(app, `/events/${eventId}`);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(shared.html)?.[1];
    // The picture drawn for previews: the event's name and date over its cover.
    expect(image?.startsWith(`${app.url}/api/events/${eventId}/preview.png`)).toBe(true);
    const picture = await get(image!);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
