// Recurring events in a real browser: the create form's Repeat control makes a series whose events
// say "Repeats weekly"; editing and deleting one of them asks "This event" or "This and following events".
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { checkScreen, expectToast, futureDate, launchBrowser, openPage, shows, signInWithDemo } from './browser';

describe('Recurring events in the web app', () => {
  let app: TestApp;
  let browser: Browser;
  let admin: Page;

  const occurrences = () =>
    app.deps.prisma.event.findMany({ where: { name: { startsWith: 'Weekly Jam' } }, orderBy: { date: 'asc' } });

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite', { env: { DEMO_MODE: 'on' } }), launchBrowser()]);
    await app.deps.prisma.event.deleteMany();
    admin = await openPage(browser, app.url);
    await signInWithDemo(admin, 'Demo Admin');
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('When the admin picks Weekly, 4 times, then 4 events are created and each says it repeats weekly', async () => {
    await admin.goto('/events/create');
    await admin.getByLabel('Event Name').fill('Weekly Jam');
    await admin.getByLabel('Description').fill('Bring an instrument.');
    await admin.getByLabel('Date and Time').fill(futureDate(7).toISOString().slice(0, 16));
    await admin.getByLabel('Location').fill('Studio B');
    await admin.getByRole('radio', { name: 'Sample image: workshop' }).check();
    await admin.getByLabel('Repeat', { exact: true }).selectOption('weekly');
    await admin.getByLabel('Number of events').fill('53');
    await admin.getByRole('button', { name: 'Create Event' }).click();
    await shows(admin.getByText('Enter a whole number from 1 to 52.'));
    await admin.getByLabel('Number of events').fill('4');
    await checkScreen(admin, 'series-create-event');
    await admin.getByRole('button', { name: 'Create Event' }).click();
    await expectToast(admin, 'Event created');
    await expect.poll(() => new URL(admin.url()).pathname).toMatch(/^\/events\/\d+$/);
    await shows(admin.getByText('Repeats weekly'));

    const events = await occurrences();
    expect(events).toHaveLength(4);
    expect(new Set(events.map((event) => event.seriesId)).size).toBe(1);
    expect(events[0]!.seriesId).not.toBeNull();
  });

  it('When the admin edits one event of the series and picks This event, then only it changes', async () => {
    const [first] = await occurrences();
    await admin.goto(`/events/${first!.id}/edit`);
    await admin.getByLabel('Event Name').fill('Weekly Jam (acoustic)');
    await admin.getByRole('button', { name: 'Update Event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit recurring event' });
    await shows(dialog.getByRole('radio', { name: 'This and following events' }));
    await dialog.getByRole('radio', { name: 'This event' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(admin, 'Event updated');
    expect((await occurrences()).map((event) => event.name)).toEqual([
      'Weekly Jam (acoustic)',
      'Weekly Jam',
      'Weekly Jam',
      'Weekly Jam',
    ]);
  });

  it('When the admin deletes the second event with This and following events, then only the first is left', async () => {
    const [first, second] = await occurrences();
    await admin.goto(`/events/${second!.id}`);
    await shows(admin.getByText('Repeats weekly'));
    await admin.getByRole('button', { name: 'Manage', exact: true }).click();
    const sheet = admin.getByRole('dialog', { name: 'Manage event' });
    await sheet.getByRole('button', { name: 'More' }).click();
    await sheet.getByRole('button', { name: 'Delete Event' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Delete recurring event' });
    await shows(dialog.getByRole('radio', { name: 'This event' }));
    await dialog.getByRole('radio', { name: 'This and following events' }).check();
    await checkScreen(admin, 'series-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(admin, 'Event deleted');
    expect((await occurrences()).map((event) => event.id)).toEqual([first!.id]);
  });
});
