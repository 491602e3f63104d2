// `npm run bench:web` (also part of `npm run bench`): Lighthouse's mobile scores for the pages members see first.
//
// Lighthouse (the npm package, its default mobile preset: a mid-range phone, simulated slow 4G) drives Debian's
// Chromium against what a newcomer's `npm start` serves: the compiled server with `npm run serve`'s Node options
// and `npm start`'s defaults (no NODE_ENV, demo mode because no sign-in provider is set, the worker and the
// nightly backup on, the request log written), on the embedded database and then on PostgreSQL (a fresh
// database on TEST_DATABASE_URL's server; skipped with a note when none answers). Home signed out, and the
// events list and an event's details with a demo member's session, LIGHTHOUSE_RUNS runs each (default 3); it
// prints the median of each category against the target of 95, with the median largest contentful paint and
// cumulative layout shift (the target: below 0.05 on every screen). A fourth page is an event whose cover an
// organiser uploaded (a 3000×2000 camera-sized JPEG, through the upload API): its row prints the bytes the phone
// downloads for that cover, the LCP image (budget: at most 100 KB).
// A fifth is the same event as its organiser sees it, with the creator's actions and the organiser's tools.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_PATH } from '../support/env';
import { LIGHTHOUSE_RUNS, NPM_START_PROCESS_ENV } from './env';
import { eventBody } from '../support/events';
import { CHROMIUM_ARGS } from '../web/browser-args';
import { startServedApp } from './api/compiled-app';
import { createBenchDatabase, type ChildServer } from './bench-kit';

const RUNS = LIGHTHOUSE_RUNS;
const TARGET = 95;
const LCP_IMAGE_BUDGET_KB = 100;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PORT = 9333;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * A photo as a phone camera takes it, 3000×2000, some 2–3 MB: a sky with a soft gradient, and below it foliage
 * whose detail (leaves a few pixels wide) survives the resize to a phone's width, plus fine sensor noise. Pure
 * noise would not compress like any photo; a flat gradient would compress far better than one.
 */
async function cameraPhoto(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5;
  // Leaves: one random shade per 4×4 cell, repeated down the rows of the cell.
  const cells = Array.from({ length: Math.ceil(width / 4) * Math.ceil(height / 4) }, () => random() * 70);
  const clamp = (value: number) => Math.max(0, Math.min(255, value));
  for (let y = 0; y < height; y++) {
    const horizon = height * 0.45;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      const grain = random() * 14;
      if (y < horizon + Math.sin(x / 180) * 60) {
        pixels[at] = clamp(110 + y / 20 + grain);
        pixels[at + 1] = clamp(160 + y / 30 + grain);
        pixels[at + 2] = clamp(235 - y / 40 + grain);
      } else {
        const leaf = cells[Math.floor(y / 4) * Math.ceil(width / 4) + Math.floor(x / 4)]! + Math.sin(x / 97) * 20;
        pixels[at] = clamp(60 + leaf * 0.6 + grain);
        pixels[at + 1] = clamp(110 + leaf + grain);
        pixels[at + 2] = clamp(45 + leaf * 0.4 + grain);
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A demo account's session cookie, as the sign-in dialog's demo button gets it. */
async function demoCookie(url: string, account: 'admin' | 'member'): Promise<string> {
  const answer = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ demoAccount: account }),
  });
  if (answer.status !== 200) throw new Error(`demo sign-in answered ${answer.status}: ${await answer.text()}`);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The demo admin uploads the photo and makes it the cover of a new public event; returns the event's id. */
async function eventWithUploadedPhoto(url: string, organiserCookie: string): Promise<number> {
  const photo = await cameraPhoto();
  const headers = { cookie: organiserCookie, origin: url };
  const uploaded = await fetch(`${url}/api/images`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  });
  if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { imageUrl } = (await uploaded.json()) as { imageUrl: string };
  const created = await fetch(`${url}/api/events`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(eventBody({ name: 'Lake photo walk', imageUrl })),
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: number };
  console.log(`Uploaded a ${(photo.length / 1024).toFixed(0)} KB 3000×2000 JPEG as the cover of event ${id}.`);
  return id;
}

/** `npm start`'s environment on a fresh clone: nothing set but the database (and the port the bench picks). */
function npmStartEnv(dataDir: string, database: { pgliteDir: string } | { url: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...NPM_START_PROCESS_ENV };
  // The nightly backup stays on as `npm start` has it, writing into the bench's folder, not the working tree's.
  env.BACKUP_DIR = path.join(dataDir, 'backups');
  return 'url' in database ? { ...env, DATABASE_URL: database.url } : { ...env, PGLITE_DIR: database.pgliteDir };
}

async function main() {
  await buildIfStale();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT}`],
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-bench-'));
  try {
    const embedded = await startServedApp(npmStartEnv(dataDir, { pgliteDir: path.join(dataDir, 'pglite') }));
    await measureServed('the embedded database', embedded).finally(() => embedded.stop());
    const database = await createBenchDatabase().catch((error: unknown) => {
      console.log(`\nNo PostgreSQL to measure on (${String(error)}): the embedded database only.`);
      return null;
    });
    if (database) {
      const served = await startServedApp(npmStartEnv(dataDir, { url: database.url }));
      await measureServed('PostgreSQL', served).finally(async () => {
        await served.stop();
        await database.drop();
      });
    }
  } finally {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Builds the server and the web app as `npm start` does: only what changed since the last build. */
async function buildIfStale(): Promise<void> {
  const { build } = (await import(new URL('../../scripts/build.mjs', import.meta.url).href)) as {
    build(options: { ifStale: boolean; log: (line: string) => void }): Promise<void>;
  };
  await build({ ifStale: true, log: (line) => console.log(line) });
}

/** Lighthouse on the five pages of one served app. */
async function measureServed(label: string, app: ChildServer): Promise<void> {
  const cookie = await demoCookie(app.url, 'member');
  const organiserCookie = await demoCookie(app.url, 'admin');
  const events = (await (await fetch(`${app.url}/api/events`, { headers: { cookie } })).json()) as Array<{
    id: number;
  }>;
  const photoEvent = await eventWithUploadedPhoto(app.url, organiserCookie);

  const pages: Array<{ label: string; url: string; headers: Record<string, string> }> = [
    { label: 'home, signed out', url: `${app.url}/`, headers: {} },
    { label: 'events list, signed in', url: `${app.url}/events`, headers: { Cookie: cookie } },
    { label: 'event details, signed in', url: `${app.url}/events/${events[0]!.id}`, headers: { Cookie: cookie } },
    { label: 'details, uploaded photo', url: `${app.url}/events/${photoEvent}`, headers: { Cookie: cookie } },
    // The organiser on their own event: the creator's actions and the organiser's tools load too.
    {
      label: "organiser's own, photo",
      url: `${app.url}/events/${photoEvent}`,
      headers: { Cookie: organiserCookie },
    },
  ];
  console.log(
    `\nLighthouse ${RUNS}-run medians, npm start on ${label} (mobile preset; target ${TARGET} in every category)\n`,
  );
  const columns = [...CATEGORIES, 'LCP', 'CLS', 'LCP image'];
  console.log(`${'page'.padEnd(28)}${columns.map((name) => name.padStart(16)).join('')}`);
  let missed = 0;
  let photoBytes = NaN;
  for (const target of pages) {
    const scores = new Map<string, number[]>(CATEGORIES.map((name) => [name, []]));
    const paints: number[] = [];
    const shifts: number[] = [];
    const imageBytes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(target.url, {
        port: PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: target.headers,
      });
      const audits = result?.lhr.audits ?? {};
      for (const name of CATEGORIES) {
        scores.get(name)!.push(Math.round((result?.lhr.categories[name]?.score ?? 0) * 100));
      }
      paints.push(audits['largest-contentful-paint']?.numericValue ?? NaN);
      shifts.push(audits['cumulative-layout-shift']?.numericValue ?? NaN);
      imageBytes.push(lcpImageBytes(audits));
    }
    const medians = CATEGORIES.map((name) => median(scores.get(name)!));
    missed += medians.filter((score) => score < TARGET).length;
    const image = median(imageBytes);
    if (target.url.endsWith(`/events/${photoEvent}`) && target.headers.Cookie === cookie) photoBytes = image;
    const vitals = [
      `${(median(paints) / 1000).toFixed(1)} s`,
      median(shifts).toFixed(3),
      Number.isNaN(image) ? '—' : `${(image / 1024).toFixed(1)} KB`,
    ];
    console.log(
      `${target.label.padEnd(28)}${[...medians.map(String), ...vitals].map((cell) => cell.padStart(16)).join('')}`,
    );
  }
  console.log(missed ? `\n${missed} score(s) below ${TARGET}.` : `\nEvery score is ${TARGET} or more.`);
  const photoKb = photoBytes / 1024;
  console.log(
    `LCP image with an uploaded photo on the phone: ${photoKb.toFixed(1)} KB transferred (${lcpImageFile}) ` +
      `(budget ${LCP_IMAGE_BUDGET_KB} KB ${photoKb <= LCP_IMAGE_BUDGET_KB ? 'met' : 'EXCEEDED'}).`,
  );
}

/** The uploaded cover's variant the phone chose (its srcset), for the summary line. */
let lcpImageFile = '';

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/**
 * Bytes on the wire of the largest paint when Lighthouse names an event image as it (NaN when it is text): the
 * earliest event image the page asked for, which is the cover the page announced first.
 */
function lcpImageBytes(audits: Audits): number {
  const breakdown = audits['lcp-breakdown-insight']?.details as { items?: Array<{ type?: string; path?: string }> };
  const element = breakdown?.items?.find((item) => item.type === 'node');
  if (!element?.path?.endsWith(',IMG')) return NaN;
  const requests = (audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)
    ?.items;
  const image = requests
    ?.filter((request) => request.resourceType === 'Image' && /\/images\//.test(String(request.url)))
    .sort((a, b) => Number(a.networkRequestTime) - Number(b.networkRequestTime))[0];
  if (image && /\/api\/images\//.test(String(image.url))) lcpImageFile = String(image.url).replace(/^.*\/api/, '/api');
  return typeof image?.transferSize === 'number' ? image.transferSize : NaN;
}

await main();
