// A new member's first Mini App launch in the language of their Telegram app: the page the server wrote is in
// another language (the browser's), the app switches once it knows Telegram's language, and no text ever shows
// its message key, neither while the new language's messages arrive nor after.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_BOT_ENV, type TestApp } from '../support/test-app';
import { futureDate, launchBrowser, openPage, settle, shows } from './browser';
import { launchMiniApp } from './telegram-client';

describe('a new member’s first Mini App launch in their Telegram language', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startTestApp('pglite', { env: { ...TEST_BOT_ENV } }), launchBrowser()]);
    const host = await app.deps.prisma.user.create({ data: { name: 'Event Host', isAdmin: true, role: 'admin' } });
    await app.deps.prisma.event.create({
      data: {
        name: 'Evening Hike',
        description: 'Up the hill before sunset.',
        location: 'Trailhead',
        imageUrl: '/images/events/hike.svg',
        date: futureDate(4),
        isPublic: true,
        creatorId: host.id,
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each([
    ['de', 910001, 'Willkommen, Lena Neu'],
    ['uk', 910002, 'Привіт, Lena Neu'],
  ])(
    'When a new member opens the Mini App with language_code %s, then every text is in it and none is a key',
    async (code, id, welcome) => {
      const page = await openPage(browser, app.url);
      const keysSeen = new Set<string>();
      await page.exposeFunction('__keySeen', (text: string) => keysSeen.add(text));
      // Watches every text the page ever shows, from its first paint: a message key is a dotted id like web.app.x.
      await page.addInitScript(() => {
        const report = (window as unknown as { __keySeen: (text: string) => void }).__keySeen;
        const key = /\b(?:web|msg)\.[a-z]\w*(?:\.\w+)+/;
        const check = () => {
          const text = document.body?.innerText ?? '';
          const found = key.exec(text);
          if (found) void report(found[0]);
          for (const element of document.querySelectorAll('[aria-label]')) {
            const label = key.exec(element.getAttribute('aria-label') ?? '');
            if (label) void report(label[0]);
          }
        };
        new MutationObserver(check).observe(document, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      await launchMiniApp(page, { id, first_name: 'Lena', last_name: 'Neu', language_code: code });
      await shows(page.getByText(welcome));
      await settle(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(code);
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).not.toMatch(/\bweb\.[a-z]\w*\./);
      expect([...keysSeen]).toEqual([]);
      await page.context().close();
    },
  );
});
