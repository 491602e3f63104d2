// A small HTTP client for tests: JSON in and out, and a cookie jar so a client is one browser; and rawGet for
// answers as the wire carries them.
import { request, type Agent } from 'node:http';

export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as-is (for malformed JSON and other hostile input). */
  rawBody?: string;
}

export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>('GET', path, undefined, options);
  post = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('POST', path, body, options);
  patch = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('PATCH', path, body, options);
  put = <T = any>(path: string, body?: unknown, options?: RequestOptions) =>
    this.request<T>('PUT', path, body, options);
  delete = <T = any>(path: string, options?: RequestOptions) => this.request<T>('DELETE', path, undefined, options);

  async request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...options.headers };
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let payload: string | undefined = options.rawBody;
    if (body !== undefined && payload === undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((key) => key.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text } satisfies TestResponse<T>;
  }
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A GET as the wire carries it (fetch would inflate the body and hide its encoding). */
export function rawGet(url: string, headers: Record<string, string>, agent?: Agent): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
