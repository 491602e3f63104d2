// Verifies a Google ID token (from Google Identity Services) with Google's published keys.
import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Logger } from '../../logger';
import { cleanPersonName } from '../../../../shared/text';

export interface GoogleIdentity {
  sub: string;
  email: string;
  /** Cleaned (cleanPersonName): as it may be stored and shown; the email when Google gives no name. */
  name: string;
  picture?: string;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Failures that say the token is bad; anything else (keys unreachable) is our problem and is logged. */
const TOKEN_FAULTS = [
  errors.JWTClaimValidationFailed,
  errors.JWTExpired,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

export interface GoogleVerifierOptions {
  now: () => Date;
  logger: Logger;
}

export function createGoogleVerifier(clientId: string, jwksUrl: string, options: GoogleVerifierOptions) {
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(jwksUrl));
  /** The verified identity, or null for a token that is forged, expired, for another app, or unverified. */
  return async function verifyGoogleIdToken(token: string): Promise<GoogleIdentity | null> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: options.now(),
        clockTolerance: 30,
      });
      if (payload.email_verified !== true || typeof payload.email !== 'string' || !payload.sub) return null;
      const email = payload.email.trim().toLowerCase();
      if (!email || email.length > 254) return null;
      const name = cleanPersonName(typeof payload.name === 'string' ? payload.name : '', cleanPersonName(email));
      const picture =
        typeof payload.picture === 'string' && /^https:\/\//.test(payload.picture) && payload.picture.length <= 2048
          ? payload.picture
          : undefined;
      return { sub: payload.sub, email, name, picture };
    } catch (error) {
      if (!TOKEN_FAULTS.some((kind) => error instanceof kind)) {
        options.logger.warn({ err: error }, 'Google ID token could not be checked');
      }
      return null;
    }
  };
}
