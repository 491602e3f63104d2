// The built web app's files as the server sends them: the build's Brotli or gzip copy when the browser accepts
// one (the bytes the browser decodes are the file's own), hashed assets cached for good, the page itself not.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

/** A raw GET (fetch would decompress and hide the encoding): status, headers and the bytes on the wire. */
function get(url: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the web app as the server sends it', () => {
  let app: TestApp;
  let script: string;

  beforeAll(async () => {
    app = await startTestApp('pglite');
    const page = await get(`${app.url}/`);
    script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(page.body.toString('utf8'))![1]!;
  });
  afterAll(() => app?.stop());

  it('When the browser accepts Brotli or only gzip, then the main script comes compressed so, with the same bytes inside', async () => {
    const plain = await get(`${app.url}${script}`);
    const br = await get(`${app.url}${script}`, 'gzip, deflate, br');
    const gz = await get(`${app.url}${script}`, 'gzip');

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    for (const answer of [plain, br, gz]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('When the page itself is asked for, then it is never cached for good (a new build must reach members)', async () => {
    const page = await get(`${app.url}/events`, 'br');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
