// The manager's Manage sheet on an event page, in a real browser: only a manager has it, each action opens its
// screen, Delete Event waits under More with its confirmation, Duplicate starts a new event from a copy without
// the date, and Check-in reads a member's pass with the browser's camera (a Chromium of its own whose fake camera
// films a QR code this test draws), refusing a code that is no pass.
import type { Event, User } from '@prisma/client';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { ARTIFACTS_DIR, CHROMIUM_PATH } from '../support/env';
import { startTestApp, type TestApp } from '../support/test-app';
import { CHROMIUM_ARGS } from './browser-args';
import { checkScreen, expectToast, futureDate, launchBrowser, openPage, settle, shows } from './browser';

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const LOCALES = { en: 'en-US', de: 'de-DE', ar: 'ar' } as const;
/** Each language on a phone, the longest and the mirrored one on a desktop too, light and dark in between. */
const LOOKS = [
  ['en', 'phone', 'light'],
  ['de', 'phone', 'dark'],
  ['ar', 'phone', 'light'],
  ['de', 'desktop', 'light'],
  ['ar', 'desktop', 'dark'],
] as const;

/**
 * One frame of a square YUV4MPEG2 video (Chromium's fake camera loops it) showing `text` as a QR code: black
 * modules on white with a quiet zone, grey chroma.
 */
function qrVideo(text: string, side = 480): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // Held at arm's length: the code fills about half of the picture, inside the scanner's square.
  const scale = Math.floor((side * 0.5) / modules.size);
  const offset = Math.floor((side - modules.size * scale) / 2);
  const luma = Buffer.alloc(side * side, 235);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * side + offset + x] = 16;
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`),
    Buffer.from('FRAME\n'),
    luma,
    chroma,
  ]);
}

describe('the Manage sheet on an event page', () => {
  let app: TestApp;
  let browser: Browser;
  let organiser: User;
  let member: User;
  let event: Event;

  /** A page signed in as `user` (a session of their own) in `inBrowser`. */
  async function pageFor(user: User, inBrowser: Browser = browser): Promise<Page> {
    const page = await openPage(inBrowser, app.url);
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
    return page;
  }

  const manage = (page: Page) => page.getByRole('button', { name: 'Manage', exact: true });
  const sheet = (page: Page) => page.getByRole('dialog', { name: 'Manage event' });

  async function openSheet(page: Page) {
    await page.goto(`/events/${event.id}`);
    await manage(page).click();
    await shows(sheet(page));
  }

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite'), launchBrowser()]);
    organiser = await app.deps.prisma.user.create({ data: { name: 'Olga Organiser', role: 'organiser' } });
    member = await app.deps.prisma.user.create({ data: { name: 'Mia Member' } });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Harbour Clean-up',
        description: 'Gloves and bags provided.',
        location: 'Old Harbour',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(5),
        isPublic: true,
        creatorId: organiser.id,
        capacity: 30,
      },
    });
    const client = await app.clientFor(member);
    expect((await client.post(`/api/events/${event.id}/attend`, { status: 'attending' })).status).toBe(200);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When a member opens the event, then there is no Manage button and no manager action', async () => {
    const page = await pageFor(member);
    await page.goto(`/events/${event.id}`);
    await shows(page.getByRole('heading', { name: 'Harbour Clean-up' }));
    expect(await manage(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete Event' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit Event' }).count()).toBe(0);
    await page.context().close();
  });

  it('When the organiser opens Manage, then the sheet lists the actions and Delete Event waits under More', async () => {
    const page = await pageFor(organiser);
    await openSheet(page);
    const dialog = sheet(page);
    for (const name of ['Attendees', 'Leaders', 'Message attendees', 'Check in', 'Share']) {
      await shows(dialog.getByRole('button', { name: new RegExp(`^${name}`) }));
    }
    await shows(dialog.getByRole('link', { name: /^Edit Event/ }));
    await shows(dialog.getByRole('link', { name: /^Duplicate/ }));
    // A public event has no invitations; Delete is folded away, nowhere near Share.
    expect(await dialog.getByRole('button', { name: /^Manage Invitations/ }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete Event' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Delete Event' }).count()).toBe(0);
    await checkScreen(page, 'manage-sheet');

    const more = dialog.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    await dialog.getByRole('button', { name: 'Delete Event' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Event Confirmation' });
    await shows(confirm);
    await expect.poll(() => sheet(page).count()).toBe(0);
    await checkScreen(page, 'manage-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    // Focus is back where the manager started: the Manage button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Manage');
    expect(await app.deps.prisma.event.count({ where: { id: event.id } })).toBe(1);
    await page.context().close();
  });

  it('When the organiser picks Attendees, Message attendees or Edit Event, then each opens its screen', async () => {
    const page = await pageFor(organiser);
    await openSheet(page);
    await sheet(page)
      .getByRole('button', { name: /^Attendees/ })
      .click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('organiser-title');
    await shows(page.getByRole('region', { name: 'Organiser tools' }).getByText('Mia Member'));

    await manage(page).click();
    await sheet(page)
      .getByRole('button', { name: /^Message attendees/ })
      .click();
    const message = page.getByRole('dialog', { name: 'Message attendees' });
    await shows(message.getByLabel('Message'));
    await page.keyboard.press('Escape');
    await expect.poll(() => message.count()).toBe(0);

    await manage(page).click();
    await sheet(page)
      .getByRole('link', { name: /^Edit Event/ })
      .click();
    await shows(page.getByRole('heading', { name: 'Edit Event: Harbour Clean-up' }));
    await page.context().close();
  });

  it('When the organiser duplicates the event, then the create form holds a copy without the date', async () => {
    const page = await pageFor(organiser);
    await openSheet(page);
    await sheet(page)
      .getByRole('link', { name: /^Duplicate/ })
      .click();
    await shows(page.getByRole('heading', { name: 'Create New Event' }));
    await shows(page.getByText('A copy of “Harbour Clean-up”. Pick the date and time of the new event.'));
    expect(await page.getByLabel('Event Name').inputValue()).toBe('Harbour Clean-up');
    expect(await page.getByLabel('Location').inputValue()).toBe('Old Harbour');
    expect(await page.getByLabel('Capacity').inputValue()).toBe('30');
    expect(await page.getByLabel('Date and Time').inputValue()).toBe('');
    await checkScreen(page, 'manage-duplicate');

    await page.getByLabel('Date and Time').fill(futureDate(12).toISOString().slice(0, 16));
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe(`/events/${event.id}`);
    const copies = await app.deps.prisma.event.findMany({ where: { name: 'Harbour Clean-up' } });
    expect(copies).toHaveLength(2);
    expect(copies.find((copy) => copy.id !== event.id)).toMatchObject({
      location: 'Old Harbour',
      capacity: 30,
      creatorId: organiser.id,
    });
    await page.context().close();
  });

  it('When the sheet and the check-in open in English, German and Arabic, light and dark, then they fit phones and desktops', async () => {
    const dir = path.join(ARTIFACTS_DIR, 'web', 'manage');
    mkdirSync(dir, { recursive: true });
    for (const [language, size, scheme] of LOOKS) {
      const viewport = SIZES[size];
      const page = await openPage(browser, app.url, { viewport, locale: LOCALES[language], colorScheme: scheme });
      const token = await createSession(app.deps, organiser.id);
      await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url, httpOnly: true }]);
      await page.goto(`/events/${event.id}`);
      await shows(page.getByRole('heading', { name: 'Harbour Clean-up' }));
      await settle(page);
      const name = `${language}-${size}-${scheme}`;
      await page.screenshot({ path: path.join(dir, `${name}-page.png`) });
      // The one Manage button, in the page's language, at the top of the page.
      const button = page.locator('.details-top').getByRole('button', { name: /^(Manage|Verwalten|إدارة)$/ });
      expect((await button.boundingBox())!.y).toBeLessThan(viewport.height / 4);
      await button.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { expanded: false }).click();
      await shows(dialog.getByRole('listitem').last());
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('[role="dialog"] *')].some(
          (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
        ),
      );
      expect(wide, `the sheet is wider than the screen (${name})`).toBe(false);
      await page.screenshot({ path: path.join(dir, `${name}-sheet.png`) });
      // Check-in, the sheet's fourth action (after Edit, Attendees and Message).
      await dialog.getByRole('listitem').nth(3).getByRole('button').click();
      await shows(page.getByRole('dialog').getByRole('textbox'));
      await page.screenshot({ path: path.join(dir, `${name}-check-in.png`) });
      await page.context().close();
    }
  }, 180_000);

  describe('with a camera', () => {
    let cameraBrowser: Browser;
    let videoDir: string;
    let video: string;

    beforeAll(async () => {
      videoDir = await mkdtemp(path.join(tmpdir(), 'fake-camera-'));
      video = path.join(videoDir, 'camera.y4m');
      // Chromium opens the file each time the page starts the camera: a test changes what it films in between.
      await writeFile(video, qrVideo('https://example.org/not-a-pass'));
      cameraBrowser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: [
          ...CHROMIUM_ARGS,
          '--use-fake-device-for-media-stream',
          '--use-fake-ui-for-media-stream',
          `--use-file-for-fake-video-capture=${video}`,
        ],
      });
    });

    afterAll(async () => {
      await cameraBrowser?.close();
      await rm(videoDir, { recursive: true, force: true });
    });

    it('When the organiser scans a code that is no pass and then a member’s pass, then the first is refused and the member is checked in', async () => {
      const pass = await (await app.clientFor(member)).get(`/api/events/${event.id}/pass`);
      expect(pass.status).toBe(200);
      const page = await pageFor(organiser, cameraBrowser);
      await page.context().grantPermissions(['camera'], { origin: app.url });
      await openSheet(page);
      await sheet(page)
        .getByRole('button', { name: /^Check in/ })
        .click();
      const door = page.getByRole('dialog', { name: 'Check-in at the door' });
      await shows(door);

      await door.getByRole('button', { name: 'Scan pass' }).click();
      await shows(door.getByText('This QR code is not an event pass.', { exact: false }));
      await shows(door.getByRole('button', { name: 'Stop scanning' }));
      await checkScreen(page, 'manage-check-in-camera');
      await door.getByRole('button', { name: 'Stop scanning' }).click();

      await writeFile(video, qrVideo(pass.body.token));
      await door.getByRole('button', { name: 'Scan pass' }).click();
      await shows(door.getByRole('status').filter({ hasText: 'Checked in: Mia Member' }));
      const attendance = await app.deps.prisma.attendance.findUniqueOrThrow({
        where: { eventId_userId: { eventId: event.id, userId: member.id } },
      });
      expect(attendance.checkedInAt).not.toBeNull();
      // Typing the code stays as the fallback beside the camera.
      await shows(door.getByLabel('Check in by pass'));
      await page.context().close();
    }, 120_000);
  });
});
