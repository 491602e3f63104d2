// The one API client: JSON in and out, credentials always, SPEC §8 error messages in one place.
import { NOT_SIGNED_IN } from '../../../shared/not-signed-in';
import type { InlinedAnswer } from '../../../shared/first-screen';
import { takeInlinedAnswer } from './first-screen';
import { defineMessages } from '../../../shared/i18n/define';
import { translate } from '../i18n/runtime';

const messages = defineMessages({
  unknown: { id: 'web.lib.api.unknownError', defaultMessage: 'An unknown error occurred' },
});

/** SPEC §8's 401 text (MSG.notSignedIn) in the page's language, without bundling all of MSG on the first page. */
const notSignedIn = () => translate({ id: 'msg.notSignedIn', defaultMessage: NOT_SIGNED_IN });
import { miniAppAuthorization } from './telegram-mini-app';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body's `error` field, when the server sent one (in the request's language). */
    readonly serverMessage: string | null,
    /** The body's `code`: which refusal it is, whatever the language (`birth_date_first`). */
    readonly code: string | null = null,
    /** What else the body said for a client to act on (`missing`: the questions still to answer). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The server writes successful answers and "not signed in" (api/src/http/first-screen.ts). */
function answerFromInlined<T>({ status, body }: InlinedAnswer): ApiResponse<T> {
  if (status === 401) throw new ApiError(401, notSignedIn(), null);
  return { status, data: body as T };
}

/** SPEC §8: 401 has a fixed text; otherwise "status: error", else the plain text, else the status text. */
async function toError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let serverMessage: string | null = null;
  let code: string | null = null;
  let details: Record<string, unknown> = {};
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body?.error === 'string') serverMessage = body.error;
    if (typeof body?.code === 'string') code = body.code;
    if (body && typeof body === 'object') details = body;
  } catch {
    // not JSON: fall back to the text
  }
  if (response.status === 401) return new ApiError(401, notSignedIn(), serverMessage, code, details);
  const detail = serverMessage ?? (text.trim() || response.statusText);
  return new ApiError(response.status, `${response.status}: ${detail}`, serverMessage, code, details);
}

export interface ApiResponse<T> {
  status: number;
  data: T;
}

/** Calls the API and returns status and parsed body; any non-2xx response throws an ApiError. */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
  // The first screen's GETs were answered in the page itself (lib/first-screen.ts); each answer serves once.
  const inlined = method === 'GET' ? takeInlinedAnswer(path) : undefined;
  if (inlined) return answerFromInlined<T>(inlined);
  const headers: Record<string, string> = { accept: 'application/json' };
  const authorization = miniAppAuthorization();
  if (authorization) headers.authorization = authorization;
  // A file goes as its own bytes with its own type (image uploads); anything else as JSON.
  const raw = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = raw ? body.type || 'application/octet-stream' : 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await toError(response);
  const text = await response.text();
  let data: unknown = text;
  if (text && response.headers.get('content-type')?.includes('json')) data = JSON.parse(text);
  return { status: response.status, data: data as T };
}

export const api = {
  get: async <T>(path: string) => (await apiRequest<T>('GET', path)).data,
  post: async <T>(path: string, body?: unknown) => (await apiRequest<T>('POST', path, body)).data,
  /** POST a file's bytes (Content-Type = the file's type). */
  upload: async <T>(path: string, file: Blob) => (await apiRequest<T>('POST', path, file)).data,
  put: async <T>(path: string, body?: unknown) => (await apiRequest<T>('PUT', path, body)).data,
  patch: async <T>(path: string, body?: unknown) => (await apiRequest<T>('PATCH', path, body)).data,
  delete: async <T>(path: string, body?: unknown) => (await apiRequest<T>('DELETE', path, body)).data,
};

export const errorMessage = (error: unknown, fallback?: string) =>
  error instanceof Error && error.message ? error.message : (fallback ?? translate(messages.unknown));
