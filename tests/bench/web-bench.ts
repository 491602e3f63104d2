// `npm run bench:web` (also part of `npm run bench`): how much JavaScript the web app's first page costs.
//
// Builds the production bundle, opens the real app in headless Chromium with an empty cache and adds up the bytes
// of every script the page actually loads, as the browser received them from the server (the encoded body: the
// Brotli or gzip copy the server chose for Chromium's Accept-Encoding) — signed out, and signed in on the home
// page in each of our languages — against the 100 KB budget, and every stylesheet against the 20 KB budget. Nothing is compressed here:
// a budget met only by the bench's own compression would not be what a phone downloads. The baseline in the
// same run is the whole bundle as the server would send it to the same browser: what the first page would cost
// without route-level code splitting. It also names the largest modules of the first page's chunks, so a
// regression points at its cause.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { build, type Plugin } from 'vite';
import { startTestApp } from '../support/test-app';
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/env';
import { CHROMIUM_ARGS } from '../web/browser-args';
import { openPage, signInWithDemo } from '../web/browser';
import { LANGUAGES } from '../../shared/i18n/languages';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASSETS = path.join(ROOT, 'dist/webapp/assets');
const BUDGET_KB = 100;
const CSS_BUDGET_KB = 20;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What the server sends a browser that accepts Brotli for a built file: its pre-compressed .br copy (written by
 * the build for text files of 1 KB or more, webapp/precompress.ts), else the file itself.
 */
function brotliServedSize(file: string): number {
  return existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
}

/** A file as the page loaded it: the encoded bytes of its body and the encoding the server chose. */
interface Received {
  bytes: number;
  encoding: string;
}

interface ModuleSize {
  id: string;
  chunk: string;
  bytes: number;
}

/** Collects each chunk's modules and their rendered sizes while Vite writes the bundle. */
function moduleSizes(into: ModuleSize[]): Plugin {
  return {
    name: 'bench-module-sizes',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, info] of Object.entries(output.modules)) {
          into.push({ id, chunk: output.fileName, bytes: info.renderedLength });
        }
      }
    },
  };
}

/** node_modules/<package> (or the repo path) so many small files of one library add up to one line. */
function owner(id: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  return match ? match[1]! : path.relative(ROOT, clean) || clean;
}

async function measureFirstPage(baseUrl: string, signedIn: boolean, language = 'en') {
  // Outside vitest there is no shared browser server: this script starts its own Chromium.
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    // Signing in loads the app once; the page is then measured in a new context with that session and an empty
    // cache, so every file comes from the server as on a first visit.
    let storageState: BrowserContextOptions['storageState'];
    if (signedIn) {
      const signingIn = await openPage(browser, baseUrl);
      await signInWithDemo(signingIn, 'Demo Member');
      storageState = await signingIn.context().storageState();
      await signingIn.context().close();
    }
    const page = await openPage(browser, baseUrl, { storageState });
    // The language the device chose (the footer's picker keeps it in this cookie): the page is written in it.
    if (language !== 'en') await page.context().addCookies([{ name: 'language', value: language, url: baseUrl }]);
    const scripts = new Map<string, Received>();
    const styles = new Map<string, Received>();
    const reading: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseUrl).origin) return;
      const into = url.pathname.endsWith('.js') ? scripts : url.pathname.endsWith('.css') ? styles : null;
      if (!into) return;
      reading.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = response?.headers()['content-encoding'] ?? 'identity';
          into.set(path.basename(url.pathname), { bytes: sizes.responseBodySize, encoding });
        })(),
      );
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    if (language === 'en') {
      await page.getByRole('heading', { name: signedIn ? 'Featured Events' : 'Member-Only Events' }).waitFor();
    } else {
      await page.waitForFunction(
        (expected) => document.documentElement.lang === expected && document.querySelector('main h2') !== null,
        language,
      );
    }
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    return Object.assign(scripts, { styles });
  } finally {
    await browser.close();
  }
}

async function main() {
  const modules: ModuleSize[] = [];
  await build({
    configFile: path.join(ROOT, 'webapp/vite.config.ts'),
    logLevel: 'warn',
    plugins: [moduleSizes(modules)],
  });

  const allJs = readdirSync(ASSETS).filter((file) => file.endsWith('.js'));
  const wholeBundle = allJs.reduce((sum, file) => sum + brotliServedSize(path.join(ASSETS, file)), 0);

  const total = (files: Map<string, Received>) => [...files.values()].reduce((sum, file) => sum + file.bytes, 0);
  const app = await startTestApp('pglite', { env: { DEMO_MODE: 'on' } });
  try {
    const signedOut = await measureFirstPage(app.url, false);
    const signedIn = await measureFirstPage(app.url, true);
    // The budget holds in every language: each loads its own words.
    const inLanguages: Array<[string, number, number]> = [];
    for (const language of LANGUAGES.filter((language) => language !== 'en')) {
      const files = await measureFirstPage(app.url, true, language);
      inLanguages.push([`first page, signed in (/), ${language}`, total(files), files.size]);
    }

    const encodings = (files: Map<string, Received>) => [...new Set([...files.values()].map((file) => file.encoding))];
    const rows = [
      ['first page, signed out (/)', total(signedOut), signedOut.size],
      ['first page, signed in (/)', total(signedIn), signedIn.size],
      ...inLanguages,
      ['baseline: whole bundle, no splitting (br)', wholeBundle, allJs.length],
    ] as const;
    console.log(
      `\nWeb app JavaScript as Chromium received it from the server (budget ${BUDGET_KB} KB for the first page; ` +
        `encodings sent: ${encodings(new Map([...signedOut, ...signedIn])).join(', ')})\n`,
    );
    console.log(`${'page'.padEnd(40)} ${'received'.padStart(10)} ${'files'.padStart(6)} ${'of budget'.padStart(10)}`);
    for (const [label, bytes, files] of rows) {
      const share = `${Math.round((bytes / (BUDGET_KB * 1024)) * 100)}%`;
      console.log(`${label.padEnd(40)} ${kb(bytes).padStart(10)} ${String(files).padStart(6)} ${share.padStart(10)}`);
    }
    const firstPage = Math.max(total(signedIn), ...inLanguages.map(([, bytes]) => bytes));
    console.log(
      `\nFirst page loads ${((firstPage / wholeBundle) * 100).toFixed(0)}% of the bundle's JavaScript ` +
        `(ratio ${(firstPage / wholeBundle).toFixed(2)}); budget ${firstPage <= BUDGET_KB * 1024 ? 'met' : 'EXCEEDED'}.`,
    );

    const firstPageChunks = new Set([...signedIn.keys()]);
    const byOwner = new Map<string, number>();
    for (const module of modules) {
      if (!firstPageChunks.has(path.basename(module.chunk))) continue;
      byOwner.set(owner(module.id), (byOwner.get(owner(module.id)) ?? 0) + module.bytes);
    }
    console.log('\nLargest modules of the signed-in first page (rendered size, before minifying and gzip):');
    for (const [name, bytes] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${kb(bytes).padStart(9)}  ${name}`);
    }
    console.log('\nScripts of the signed-in first page (as received):');
    for (const [file, { bytes, encoding }] of [...signedIn].sort((a, b) => b[1].bytes - a[1].bytes)) {
      console.log(`  ${kb(bytes).padStart(9)}  ${file} (${encoding})`);
    }
    const css = total(signedIn.styles);
    console.log(
      `\nStylesheets of the signed-in first page: ${kb(css)} received in ${signedIn.styles.size} file(s) ` +
        `(budget ${CSS_BUDGET_KB} KB ${css <= CSS_BUDGET_KB * 1024 ? 'met' : 'EXCEEDED'}).`,
    );
    if (firstPage > BUDGET_KB * 1024 || css > CSS_BUDGET_KB * 1024) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

await main();
