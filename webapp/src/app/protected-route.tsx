// SPEC §2: 'Loading...' while the current user loads; 'Access Restricted' when nobody is signed in; the waiting
// screen for an account the organisation has not let in yet (the server refuses its member calls anyway).
import { lazy, Suspense, type ReactNode } from 'react';
import { LockKeyhole } from 'lucide-react';
import { Navigate } from '../lib/router';
import { Button } from '../components/button/button';
import { StateCard } from '../components/card/card';
import { Skeleton } from '../components/skeleton/skeleton';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { openAuthDialog, useCurrentUser } from '../lib/auth';

import { commonMessages } from '../components/common-messages';
import { defineMessages, useT } from '../i18n';

const messages = defineMessages({
  restricted: { id: 'web.app.protected.restricted', defaultMessage: 'Access Restricted' },
  signIn: { id: 'web.app.protected.signIn', defaultMessage: 'Please sign in to access this page.' },
});

// Only an account waiting for approval sees it: its code and words load then.
const WaitingCard = lazy(() => import('./waiting-card').then((m) => ({ default: m.WaitingCard })));

/**
 * `visitorPage`: what a visitor sees instead of the bare sign-in, given that sign-in to fall back on (a shared
 * public event's teaser, which shows the sign-in alone for any other event).
 */
export function ProtectedRoute({
  children,
  visitorPage,
}: {
  children: ReactNode;
  visitorPage?: (signIn: ReactNode) => ReactNode;
}) {
  return (
    <SignedInRoute waitForApproval visitorPage={visitorPage}>
      {children}
    </SignedInRoute>
  );
}

/**
 * Signed in, whatever the membership: a guardian's pages are open to an account still waiting for approval
 * (`waitForApproval` off), since a guardian need never become a member.
 */
export function SignedInRoute({
  children,
  waitForApproval = false,
  visitorPage,
}: {
  children: ReactNode;
  waitForApproval?: boolean;
  visitorPage?: (signIn: ReactNode) => ReactNode;
}) {
  const { data: user, isPending, isError, error } = useCurrentUser();
  const t = useT();
  if (isPending) return <Skeleton label={t(commonMessages.loading)} />;
  if (isError) {
    return (
      <StateCard title={t(commonMessages.somethingWentWrong)} role="alert">
        <p>{errorMessage(error)}</p>
      </StateCard>
    );
  }
  if (!user) {
    // Signing in happens on this page (the dialog, or a redirect that returns to it), so the member lands here.
    const signIn = (
      <StateCard title={t(messages.restricted)} icon={<LockKeyhole size={32} aria-hidden="true" />}>
        <p>{t(messages.signIn)}</p>
        <Button onClick={openAuthDialog}>{t(commonMessages.login)}</Button>
      </StateCard>
    );
    return <>{visitorPage ? visitorPage(signIn) : signIn}</>;
  }
  if (waitForApproval && user.status === 'pending')
    return (
      <Suspense fallback={null}>
        <WaitingCard />
      </Suspense>
    );
  return <>{children}</>;
}

/**
 * A page open to visitors (home): a pending account sees the waiting screen there too, and a guardian account
 * (which takes no part in events itself) lands on its children.
 */
export function PendingGate({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  if (user?.role === 'guardian') return <Navigate to={paths.guardian} replace />;
  if (user?.status === 'pending')
    return (
      <Suspense fallback={null}>
        <WaitingCard />
      </Suspense>
    );
  return <>{children}</>;
}
