// `npm run bench:web` (also part of `npm run bench`): Lighthouse's mobile scores for the pages members see first.
//
// Lighthouse (the npm package, its default mobile preset: a mid-range phone, simulated slow 4G) drives Debian's
// Chromium against the built app as the server sends it — home signed out, and the events list and an event's
// details signed in — three runs each, and prints the median of each category against the 95, with the
// median largest contentful paint and cumulative layout shift (issue 13: CLS below 0.05 on every screen).
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/env';
import { startTestApp } from '../support/test-app';
import { CHROMIUM_ARGS } from '../web/browser-args';
import { openPage, signInWithDemo } from '../web/browser';

const RUNS = 3;
const TARGET = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PORT = 9333;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const app = await startTestApp('pglite', { env: { DEMO_MODE: 'on' } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  try {
    // A member's session cookie, taken from a real demo sign-in, is sent with Lighthouse's requests.
    const page = await openPage(browser, app.url);
    await signInWithDemo(page, 'Demo Member');
    const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join('; ');
    const events = (await (await page.request.get(`${app.url}/api/events`)).json()) as Array<{ id: number }>;
    await page.close();

    const pages: Array<{ label: string; url: string; headers: Record<string, string> }> = [
      { label: 'home, signed out', url: `${app.url}/`, headers: {} },
      { label: 'events list, signed in', url: `${app.url}/events`, headers: { Cookie: cookie } },
      { label: 'event details, signed in', url: `${app.url}/events/${events[0]!.id}`, headers: { Cookie: cookie } },
    ];
    console.log(`\nLighthouse ${RUNS}-run medians (mobile preset; target ${TARGET} in every category)\n`);
    console.log(`${'page'.padEnd(28)}${[...CATEGORIES, 'LCP', 'CLS'].map((name) => name.padStart(16)).join('')}`);
    let missed = 0;
    for (const target of pages) {
      const scores = new Map<string, number[]>(CATEGORIES.map((name) => [name, []]));
      const paints: number[] = [];
      const shifts: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(target.url, {
          port: PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: target.headers,
        });
        for (const name of CATEGORIES) {
          scores.get(name)!.push(Math.round((result?.lhr.categories[name]?.score ?? 0) * 100));
        }
        paints.push(result?.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        shifts.push(result?.lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      }
      const medians = CATEGORIES.map((name) => median(scores.get(name)!));
      missed += medians.filter((score) => score < TARGET).length;
      const vitals = [`${(median(paints) / 1000).toFixed(1)} s`, median(shifts).toFixed(3)];
      console.log(
        `${target.label.padEnd(28)}${[...medians.map(String), ...vitals].map((cell) => cell.padStart(16)).join('')}`,
      );
    }
    console.log(missed ? `\n${missed} score(s) below ${TARGET}.` : `\nEvery score is ${TARGET} or more.`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
