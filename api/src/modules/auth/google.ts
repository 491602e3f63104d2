// Verifies a Google ID token (from Google Identity Services) with Google's published keys.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export function createGoogleVerifier(clientId: string, jwksUrl: string) {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(jwksUrl));
  /** The verified identity, or null for a token that is forged, expired, for another app, or unverified. */
  return async function verifyGoogleIdToken(token: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: GOOGLE_ISSUERS, audience: clientId });
      if (payload.email_verified !== true || typeof payload.email !== 'string' || !payload.sub) return null;
      const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : payload.email;
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: name.slice(0, 200),
        picture: typeof payload.picture === 'string' ? payload.picture : undefined,
      };
    } catch {
      return null;
    }
  };
}
