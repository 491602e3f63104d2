// The server-issued sign-in state (POST /api/auth/state) as a browser gets it: the client keeps the
// auth_browser cookie in its jar, so a state is only good for the client that asked for it.
import { expect } from 'vitest';
import type { TestClient } from './http-client';

export type AuthPurpose = 'login' | 'link';

/** A fresh state for this browser (and, for 'link', its signed-in user). */
export async function authState(client: TestClient, purpose: AuthPurpose = 'login'): Promise<string> {
  const res = await client.post<{ state: string; expiresAt: string }>('/api/auth/state', { purpose });
  expect(res.status, `POST /api/auth/state: ${res.text}`).toBe(200);
  return res.body.state;
}

export interface StartedCode {
  loginId: string;
  code: string;
  expiresAt: string;
  botUsername: string;
  startParam: string;
}

/** The person clicks Login (or Link) with the Telegram app: the server creates a code for this browser. */
export async function startLoginCode(client: TestClient, mode: AuthPurpose = 'login'): Promise<StartedCode> {
  const state = await authState(client, mode);
  const res = await client.post('/api/telegram/register-login', { mode, state });
  expect(res.status, `POST /api/telegram/register-login: ${res.text}`).toBe(200);
  return res.body as StartedCode;
}

/** A 4-digit code other than `code` (a different one for each offset from 1 to 9999). */
export const otherCode = (code: string, offset = 1) => String((Number(code) + offset) % 10_000).padStart(4, '0');
