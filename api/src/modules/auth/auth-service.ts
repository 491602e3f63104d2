// Sign-in use cases: Google and demo accounts. Telegram sign-in and linking live in telegram-auth-service.ts.
import { unauthorized, badRequest } from '../../http/errors';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users-repository';
import { upsertDemoUser, type DemoAccount } from './demo';
import { createGoogleVerifier, type GoogleIdentity } from './google';
import { isBootstrapAdminEmail } from './identity';

export interface LoginInput {
  credential?: string;
  demoAccount?: DemoAccount;
}

export function createAuthService(deps: AppDeps) {
  const { clientId, jwksUrl } = deps.config.google;
  const verifyGoogle = clientId ? createGoogleVerifier(clientId, jwksUrl) : null;

  async function upsertGoogleUser(identity: GoogleIdentity): Promise<UserRow> {
    const admin = isBootstrapAdminEmail(deps, identity.email);
    const existing =
      (await deps.prisma.user.findUnique({ where: { googleSub: identity.sub } })) ??
      (await deps.prisma.user.findUnique({ where: { googleEmail: identity.email } })) ??
      (await deps.prisma.user.findFirst({ where: { linkedEmail: identity.email, linkedEmailConfirmed: true } }));
    if (existing) {
      return deps.prisma.user.update({
        where: { id: existing.id },
        data: {
          googleSub: identity.sub,
          googleEmail: identity.email,
          ...(existing.avatarUrl || !identity.picture ? {} : { avatarUrl: identity.picture }),
          ...(admin ? { isAdmin: true } : {}),
        },
      });
    }
    return deps.prisma.user.create({
      data: {
        name: identity.name,
        googleSub: identity.sub,
        googleEmail: identity.email,
        avatarUrl: identity.picture ?? null,
        isAdmin: admin,
        notificationPrefs: ['email'],
      },
    });
  }

  /** The user signing in, from a verified Google ID token or (demo mode only) a demo account. */
  async function login(input: LoginInput): Promise<UserRow> {
    if (input.demoAccount) {
      if (!deps.config.demoMode) throw badRequest('Demo accounts are not available');
      return upsertDemoUser(deps, input.demoAccount);
    }
    if (!input.credential) throw unauthorized('Sign in with Google to continue');
    if (!verifyGoogle) throw badRequest('Google sign-in is not configured');
    const identity = await verifyGoogle(input.credential);
    if (!identity) throw unauthorized('Could not sign in with Google');
    return upsertGoogleUser(identity);
  }

  return { login };
}
