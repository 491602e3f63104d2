// The comment menu on an event's Discussion, in a real browser: the author edits their comment (it then says
// "(edited)"), another member reports it, and the organiser removes it; each sees only the actions they may use.
import type { Event, User } from '@prisma/client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../api/src/modules/auth/sessions';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  WEB_DATABASE_KINDS,
  checkScreen,
  expectAccessible,
  futureDate,
  launchBrowser,
  openPage,
  shows,
} from './browser';

describe.each(WEB_DATABASE_KINDS)('the comment menu on %s', (kind) => {
  let app: TestApp;
  let browser: Browser;
  let organiser: User;
  let author: User;
  let neighbour: User;
  let event: Event;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp(kind), launchBrowser()]);
    organiser = await app.deps.prisma.user.create({ data: { name: 'Olive Organiser', role: 'organiser' } });
    author = await app.deps.prisma.user.create({ data: { name: 'Arlo Author' } });
    neighbour = await app.deps.prisma.user.create({ data: { name: 'Nell Neighbour' } });
    event = await app.deps.prisma.event.create({
      data: {
        name: 'Kite Day',
        description: 'Bring a kite.',
        location: 'The hill',
        imageUrl: '/images/events/campfire.svg',
        date: futureDate(4),
        isPublic: true,
        creatorId: organiser.id,
      },
    });
    await app.deps.prisma.comment.create({ data: { eventId: event.id, userId: author.id, content: 'Teh kites!' } });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The event's page as `user` sees it; `ready` is what shows once its Discussion has loaded. */
  async function pageAs(
    user: User,
    ready = (page: Page) => page.getByRole('list', { name: 'Comments' }),
  ): Promise<Page> {
    const page = await openPage(browser, app.url);
    const token = await createSession(app.deps, user.id);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: app.url }]);
    await page.goto(`/events/${event.id}`);
    await shows(ready(page));
    return page;
  }

  /** The names of the actions the comment's menu offers this viewer. */
  async function actions(page: Page): Promise<string[]> {
    await page.getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem').first().waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    return items;
  }

  it('When the author edits their comment, then it shows the new words marked as edited', async () => {
    const page = await pageAs(author);
    expect(await actions(page)).toEqual(['Edit', 'Delete']);
    await page.getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit comment' });
    await dialog.getByLabel('Comment').fill('The kites!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const comments = page.getByRole('list', { name: 'Comments' });
    await shows(comments.getByText('The kites!'));
    await shows(comments.getByText('(edited)'));
    await expectAccessible(page, 'discussion with an edited comment');
    await page.context().close();
  });

  it('When another member reports the comment, then the admins have a report with the reason', async () => {
    const page = await pageAs(neighbour);
    expect(await actions(page)).toEqual(['Report']);
    await page.getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report comment' });
    await dialog.getByRole('radio', { name: /Something else/ }).check();
    await dialog.getByLabel('Reason').fill('Spelling police');
    await checkScreen(page, 'comment-report-dialog');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await expect
      .poll(() => app.deps.prisma.commentReport.count({ where: { reason: 'Spelling police', category: 'other' } }))
      .toBe(1);
    await page.context().close();
  });

  it('When the organiser deletes the comment, then nobody sees it any more', async () => {
    const page = await pageAs(organiser);
    expect(await actions(page)).toEqual(['Delete', 'Report']);
    await page.getByRole('button', { name: 'Comment actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete comment' }).getByRole('button', { name: 'Delete' }).click();
    const empty = (target: Page) => target.getByText('No comments yet. Be the first to comment!');
    await shows(empty(page));
    await page.context().close();
    // Its author too, on a fresh load.
    const authors = await pageAs(author, empty);
    expect(await authors.getByText('The kites!').count()).toBe(0);
    await authors.context().close();
  });
});
