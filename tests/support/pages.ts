// The web app's pages as a browser gets them from the server (raw bytes, headers, the first screen's answers),
// for tests of what the server writes into the page.
import { request } from 'node:http';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/** A raw GET (fetch would decompress and hide the encoding): status, headers and the bytes on the wire. */
export function get(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const sent = { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
      const req = request(url, { headers: sent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

export const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

/** The page as the browser of `client` gets it, and the answers it carries (JSON in #first-screen). */
export async function pageFor(app: TestApp, path: string, client?: TestClient) {
  const page = await get(`${app.url}${path}`, undefined, client ? { cookie: cookieOf(client) } : {});
  const html = page.body.toString('utf8');
  const json = /<script type="application\/json" id="first-screen">([^<]*)<\/script>/.exec(html)?.[1];
  return {
    ...page,
    html,
    answers: (json ? JSON.parse(json) : {}) as Record<string, { status: number; body: unknown }>,
  };
}

export async function uploadCover(app: TestApp, organiser: TestClient): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${app.url}/api/images`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', cookie: cookieOf(organiser) },
    body: new Uint8Array(jpeg),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}
