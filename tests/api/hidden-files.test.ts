// Addresses with a hidden segment (the build's /.vite/ folder, /.env, /.git/) are no file or page of the site:
// 404. And whatever falls through the web app's files to the page or a 404 carries no Content-Encoding it was
// not written in (the compressed-file server names the encoding before it knows it will serve the file).
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/pages';
import { startTestApp, type TestApp } from '../support/test-app';

/** The body as text, decoded as its Content-Encoding says (none, br or gzip). */
function decoded(answer: Awaited<ReturnType<typeof get>>): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === undefined) return answer.body.toString('utf8');
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

describe('hidden files and the encoding of what falls through', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app?.stop());

  it('When a browser asks for a hidden file, then it gets 404 and not the page', async () => {
    for (const path of ['/.vite/manifest.json', '/.vite/message-parts.json', '/.env', '/.git/config', '/%2eenv']) {
      for (const acceptEncoding of ['br, gzip', 'gzip', undefined]) {
        const answer = await get(`${app.url}${path}`, acceptEncoding);
        expect(answer.status, `${path} (${acceptEncoding})`).toBe(404);
        expect(answer.headers['content-encoding'], path).toBeUndefined();
        expect(JSON.parse(decoded(answer)), path).toEqual({ code: expect.any(String), error: expect.any(String) });
      }
    }
  });

  it('When a browser that accepts Brotli opens a deep link, then the page’s encoding matches its bytes', async () => {
    for (const path of ['/events/5', '/events']) {
      const answer = await get(`${app.url}${path}`, 'br, gzip');
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(decoded(answer), path).toMatch(/^<!doctype html>/i);
    }
  });

  it('When a request for a compressed file is not one the file server answers, then what answers it is not marked compressed', async () => {
    const page = await get(`${app.url}/`);
    const script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page.body.toString('utf8'))![1]!;
    expect((await get(`${app.url}${script}`, 'br')).headers['content-encoding']).toBe('br');

    // The file server serves GET and HEAD only: a POST goes on to the site's 404.
    const posted = await new Promise<Awaited<ReturnType<typeof get>>>((resolve, reject) => {
      const headers = { 'accept-encoding': 'br, gzip', 'content-length': '0' };
      const req = request(`${app.url}${script}`, { method: 'POST', headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(posted.status).toBe(404);
    expect(posted.headers['content-encoding']).toBeUndefined();
    expect(posted.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(decoded(posted))).toEqual({ code: expect.any(String), error: expect.any(String) });
  });
});
