// An admin in a real browser: creates a private event, invites a member, edits and deletes it, and manages
// notification templates and SMTP settings with their validation.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  chooseInAccountMenu,
  DESKTOP,
  WEB_DATABASE_KINDS,
  checkScreen,
  expectToast,
  launchBrowser,
  openAdminSetup,
  openPage,
  shows,
  signInWithDemo,
} from './browser';

describe.each(WEB_DATABASE_KINDS)('the web app for an admin on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let smtp: TestSmtpServer;
  let eventId = 0;
  let backupDir: string;

  beforeAll(async () => {
    backupDir = await mkdtemp(path.join(tmpdir(), 'web-admin-backups-'));
    [app, browser, smtp] = await Promise.all([
      startTestApp(kind, { env: { DEMO_MODE: 'on', BACKUP_DIR: backupDir } }),
      launchBrowser(),
      startSmtpServer(),
    ]);
    await app.deps.prisma.user.create({ data: { name: 'Invited Ivy', googleEmail: 'ivy@example.org' } });
    await app.deps.prisma.user.create({ data: { name: 'Other Olga', googleEmail: 'olga@example.org' } });
    page = await openPage(browser, app.url);
    await signInWithDemo(page, 'Demo Admin');
  });

  afterAll(async () => {
    await browser?.close();
    await smtp?.stop();
    await app?.stop();
    await rm(backupDir, { recursive: true, force: true });
  });

  it('When the admin creates a private event, then the form validates, previews the image and opens the new event', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Event' }).click();
    await shows(page.getByRole('heading', { name: 'Create New Event' }));
    await shows(page.getByText('No image selected'));
    await page.getByRole('button', { name: 'Create Event' }).click();
    await shows(page.getByText('Give the event a name.'));
    expect(await page.getByText('All fields are required').count()).toBe(0);

    await page.getByLabel('Event Name').fill('Planning Circle');
    await page.getByLabel('Description').fill('A small invitation-only planning meeting.');
    await page.getByLabel('Date and Time').fill('2031-03-14T17:30');
    await page.getByLabel('Location').fill('Room 4');
    await page.getByRole('radio', { name: 'Sample image: workshop' }).check();
    await shows(page.getByRole('img', { name: 'Selected event image' }));
    // Every field is valid now: the messages have gone without another press of the button.
    await expect.poll(() => page.getByText('Give the event a name.').count()).toBe(0);
    await shows(page.getByText('Public Event (visible to everyone)'));
    await page.getByText('Public Event (visible to everyone)').click();
    await shows(page.getByText('Private Event (invitation only)'));
    await shows(page.getByText('Invitations for a private event are managed from the event details page'));
    await page.getByRole('button', { name: 'Create Event' }).click();

    await expectToast(page, 'Event created');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/events\/\d+$/);
    eventId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } });
    expect(saved).toMatchObject({ name: 'Planning Circle', isPublic: false, imageUrl: '/images/events/workshop.svg' });
    expect(saved.date.toISOString()).toBe('2031-03-14T17:30:00.000Z');
    // The facts table in the SPEC's formats (the heading above it gives both in one line).
    await shows(page.getByRole('cell', { name: 'Friday, March 14, 2031', exact: true }));
    await shows(page.getByRole('cell', { name: /^5:30 PM/ }));
  });

  /** The Manage sheet's action with this name (its hint follows the name). */
  async function manageAction(name: string, role: 'button' | 'link' = 'button') {
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Manage event' })
      .getByRole(role, { name: new RegExp(`^${name}`) })
      .click();
  }

  it('When the admin invites a member, then the invitation is saved and the dialog shows it next time', async () => {
    await manageAction('Manage Invitations');
    const dialog = page.getByRole('dialog', { name: 'Manage Event Invitations' });
    await dialog.getByLabel('Invited Ivy (ivy@example.org)').check();
    await checkScreen(page, 'invitations-dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Invitations updated');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const ivy = await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Invited Ivy' } });
    expect(await app.deps.prisma.invitation.count({ where: { eventId, userId: ivy.id } })).toBe(1);

    await manageAction('Manage Invitations');
    await expect.poll(() => dialog.getByLabel('Invited Ivy (ivy@example.org)').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Other Olga (olga@example.org)').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('When the admin edits the event, then the form is prefilled and the list shows the new name', async () => {
    await manageAction('Edit Event', 'link');
    await shows(page.getByRole('heading', { name: 'Edit Event: Planning Circle' }));
    expect(await page.getByLabel('Location').inputValue()).toBe('Room 4');
    expect(await page.getByLabel('Date and Time').inputValue()).toBe('2031-03-14T17:30');
    await page.getByLabel('Event Name').fill('Planning Circle (moved)');
    await page.getByLabel('Location').fill('Room 5');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expectToast(page, 'Event updated');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    await shows(page.getByRole('heading', { name: 'Planning Circle (moved)' }));
    expect((await app.deps.prisma.event.findUniqueOrThrow({ where: { id: eventId } })).location).toBe('Room 5');
  });

  it('When the admin deletes the event, then it asks first (Escape cancels) and the event is gone', async () => {
    await page.getByRole('link', { name: 'View Event Details: Planning Circle (moved)' }).click();
    // Delete waits under More in the Manage sheet, away from Share.
    await page.getByRole('button', { name: 'Manage', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Manage event' });
    await sheet.getByRole('button', { name: 'More' }).click();
    await sheet.getByRole('button', { name: 'Delete Event' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Event Confirmation' });
    await shows(dialog.getByText('This action cannot be undone'));
    await shows(dialog.getByText('All attendees and comments for this event will be removed as well.'));
    await checkScreen(page, 'delete-event-dialog');
    // Escape cancels, and the keyboard user is back on the Manage button the sheet opened from.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Manage');
    await page.keyboard.press('Enter');
    await sheet.getByRole('button', { name: 'More' }).click();
    await sheet.getByRole('button', { name: 'Delete Event' }).click();
    await dialog.getByRole('button', { name: 'Delete Event' }).click();
    await expectToast(page, 'Event deleted');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/events');
    expect(await app.deps.prisma.event.count({ where: { id: eventId } })).toBe(0);

    await page.goto(`/events/${eventId}`);
    await shows(page.getByRole('heading', { name: 'Event Not Found' }));
    await shows(page.getByText("The event you're looking for doesn't exist or has been removed."));
    await page.goto(`/events/${eventId}/edit`);
    await shows(page.getByRole('heading', { name: 'Event not found' }));
  });

  it('When the admin manages templates, then validation, create, edit and delete work', async () => {
    await chooseInAccountMenu(page, 'Admin Settings');
    await openAdminSetup(page, 'Notification Templates');
    await shows(page.getByText('No templates found.'));
    await shows(page.getByText('Create templates for different notification types and channels.'));
    await shows(page.getByRole('heading', { name: 'Create Notification Template' }));
    await checkScreen(page, 'admin-templates');

    await page.getByRole('button', { name: 'Create Template' }).click();
    await shows(page.getByText('Please select a template type'));
    await shows(page.getByText('Please select a notification channel'));
    await shows(page.getByText('Template must be at least 10 characters'));
    await page.getByLabel('Template Type').selectOption('event_created');
    await page.getByLabel('Channel').selectOption('email');
    await page.getByLabel('Template', { exact: true }).fill('New: {{eventName}} on {{eventDate}}');
    // A new template starts in the organisation's language; this one is written for German members.
    expect(await page.getByLabel('Language', { exact: true }).inputValue()).toBe('en');
    await page.getByLabel('Language', { exact: true }).selectOption('de');
    await page.getByRole('button', { name: 'Create Template' }).click();
    await expectToast(page, 'Template created');
    await shows(page.locator('.template-item').getByText('Deutsch'));
    await shows(page.getByText('New: {{eventName}} on {{eventDate}}'));

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await shows(page.getByRole('heading', { name: 'Edit Notification Template' }));
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('template-type');
    await page.getByLabel('Template', { exact: true }).fill('Short');
    await page.getByRole('button', { name: 'Update Template' }).click();
    await shows(page.getByText('Template must be at least 10 characters'));
    await page.getByLabel('Template', { exact: true }).fill('Join us: {{eventName}} at {{eventLocation}}');
    await page.getByRole('button', { name: 'Update Template' }).click();
    await expectToast(page, 'Template updated');
    await shows(page.getByRole('heading', { name: 'Create Notification Template' }));
    expect(await app.deps.prisma.notificationTemplate.findFirstOrThrow()).toMatchObject({
      template: 'Join us: {{eventName}} at {{eventLocation}}',
      language: 'de',
    });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await shows(confirm.getByText('Are you sure you want to delete this template?'));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Template deleted');
    await shows(page.getByText('No templates found.'));
    expect(await app.deps.prisma.notificationTemplate.count()).toBe(0);

    // No outgoing email is set up yet: the test cannot send anything, and the toast says why.
    await page.getByRole('button', { name: 'Test Templates' }).click();
    await expectToast(page, 'Error testing templates', 'No test notification could be sent');
  });

  it('When the admin fills the SMTP form, then each SPEC message shows and valid settings are saved', async () => {
    await openAdminSetup(page, 'Email Settings');
    await shows(page.getByRole('heading', { name: 'Email Configuration' }));
    expect(await page.getByRole('button', { name: 'Send Test Email' }).isDisabled()).toBe(true);
    await page.getByLabel('Port', { exact: true }).fill('-25');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    for (const message of [
      'SMTP host is required',
      'Port must be a positive number',
      'Username is required',
      'Password is required',
      'Please enter a valid email address',
      'From name is required',
    ]) {
      await shows(page.getByText(message));
    }
    await checkScreen(page, 'admin-smtp');

    await page.getByLabel('SMTP Host').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill(String(smtp.port));
    await page.getByLabel('Username', { exact: true }).fill('mailer');
    await page.getByLabel('Password', { exact: true }).fill('s3cret-pass');
    await page.getByLabel('From Email').fill('events@example.org');
    await page.getByLabel('From Name').fill('Community Events');
    await page.getByLabel('Enable email sending').check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expectToast(page, 'SMTP settings saved');
    const saved = await app.deps.prisma.smtpSettings.findFirstOrThrow();
    expect(saved).toMatchObject({ host: '127.0.0.1', port: smtp.port, authUser: 'mailer', enabled: true });

    // Saved and enabled: the test box works, and an empty address is refused with the SPEC's words.
    await shows(page.getByText('A password is saved. Leave this empty to keep it.'));
    await expect.poll(() => page.getByRole('button', { name: 'Send Test Email' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(page, 'Email address required', 'Please enter an email address for testing');
    await page.getByLabel('Test Email Address').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await shows(page.getByText('Please enter a valid email address'));
    await page.getByLabel('Test Email Address').fill('admin-inbox@example.org');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expectToast(page, 'Test email sent');
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(['admin-inbox@example.org']);
  });

  it('When email is set up, then Test Templates sends the templates and says where', async () => {
    smtp.messages.length = 0;
    await openAdminSetup(page, 'Notification Templates');
    await page.getByRole('button', { name: 'Test Templates' }).click();
    await expectToast(page, 'Templates tested', 'Check your email inbox');
    const mails = await smtp.waitFor(2);
    expect(mails.every((mail) => mail.envelopeTo[0] === 'demo-admin@example.org')).toBe(true);
  });
  it('When the admin uploads a cover photo, then the form previews it and the event serves the right size to each screen', async () => {
    await page.goto('/events/create');
    await shows(page.getByRole('heading', { name: 'Create New Event' }));
    // Not an image, whatever its name says: the server's reason shows in the form.
    await page.getByLabel('Upload a photo').setInputFiles({
      name: 'holiday.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not a picture'),
    });
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    expect(await page.getByText('No image selected').count()).toBe(1);

    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Upload a photo').setInputFiles({ name: 'lake.jpg', mimeType: 'image/jpeg', buffer: photo });
    const preview = page.getByRole('img', { name: 'Selected event image' });
    await shows(preview);
    expect(await preview.getAttribute('src')).toMatch(/^\/api\/images\/[\w-]{22}\/960\.webp$/);
    await page.getByLabel('Event Name').fill('Lake Day');
    await page.getByLabel('Description').fill('Swimming and a picnic by the lake.');
    await page.getByLabel('Date and Time').fill('2031-06-01T11:00');
    await page.getByLabel('Location').fill('North Shore');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(page, 'Event created');
    await shows(page.getByRole('heading', { name: 'Lake Day' }));
    const cover = page.locator('img[srcset]').first();
    expect(await cover.getAttribute('srcset')).toMatch(/\/480\.webp 480w, .*\/960\.webp 960w, .*\/1600\.webp 1600w$/);
    expect(await cover.getAttribute('sizes')).toBeTruthy();
    // A phone gets the small variant.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await shows(page.getByRole('heading', { name: 'Lake Day' }));
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/(480|960)\.webp$/);
    await page.setViewportSize(DESKTOP);
  });

  it('When a backup has been made, then the Backups tab shows its time and size and downloads it', async () => {
    await chooseInAccountMenu(page, 'Admin Settings');
    await openAdminSetup(page, 'Backups');
    await shows(page.getByText('No backup has been made yet.'));

    const { backup } = (await app.system.backupScheduler.runOnce())!;
    await openAdminSetup(page, 'Email Settings');
    await openAdminSetup(page, 'Backups');
    await shows(page.getByText(/^Latest backup: .+ · \d+ KB$/));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download latest backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(backup.name);
    const saved = path.join(backupDir, 'downloaded');
    await download.saveAs(saved);
    expect(await readFile(saved)).toEqual(await readFile(backup.path));
  });

  it('When several backups are kept, then the Backups tab lists each, newest first, with its date in the organisation’s zone, size, server and checksum', async () => {
    const admin = await app.deps.prisma.user.findFirstOrThrow({ where: { name: 'Demo Admin' } });
    const client = await app.clientFor(admin);
    // Thirteen hours ahead of the browser's UTC in February and March: a date in the browser's zone would differ.
    expect((await client.patch('/api/admin/organisation', { timeZone: 'Pacific/Auckland' })).status).toBe(200);
    const older: Array<{ at: string; shown: string }> = [
      { at: '2026-03-01T10:15:00Z', shown: 'Mar 1, 2026 at 11:15 PM' },
      { at: '2026-02-27T22:40:00Z', shown: 'Feb 28, 2026 at 11:40 AM' },
    ];
    const made = [];
    for (const { at } of older) {
      app.setNow(new Date(at));
      made.push((await app.system.backups.backUp({ prune: false })).backup);
    }
    app.setNow(new Date());
    const newest = (await app.system.backups.latest())!;

    await page.reload();
    await openAdminSetup(page, 'Backups');
    const list = page.getByRole('table', { name: 'Kept backups, newest first' });
    await shows(list);
    expect(await list.getByRole('columnheader').allTextContents()).toEqual([
      'Date',
      'Size',
      'Server',
      'Checksum (SHA-256)',
    ]);
    const rows = list.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const expected = [newest, ...made].map((backup, index) => ({
      date:
        index === 0
          ? expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/)
          : older[index - 1]!.shown,
      size: expect.stringMatching(/^\d+ KB$/),
      server: app.system.backups.instance,
      checksum: backup.sha256.slice(0, 12),
      title: backup.sha256,
    }));
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
        return {
          date: cells[0],
          size: cells[1],
          server: cells[2],
          checksum: cells[3],
          title: tr.querySelector('code')?.getAttribute('title'),
        };
      }),
    );
    expect(shown).toEqual(expected);
  });
});
