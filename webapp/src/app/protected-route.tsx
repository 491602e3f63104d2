// SPEC §2: 'Loading...' while the current user loads; 'Access Restricted' when nobody is signed in.
import type { ReactNode } from 'react';
import { StateCard } from '../components/ui';
import { errorMessage } from '../lib/api-client';
import { openAuthDialog, useCurrentUser } from '../lib/auth';

export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { data: user, isPending, isError, error } = useCurrentUser();
  if (isPending) return <StateCard title="Loading..." role="status" />;
  if (isError) {
    return (
      <StateCard title="Something went wrong" role="alert">
        <p>{errorMessage(error)}</p>
      </StateCard>
    );
  }
  if (!user) {
    return (
      <StateCard title="Access Restricted">
        <p>Please sign in to access this page.</p>
        <button type="button" className="button" onClick={openAuthDialog}>
          Login
        </button>
      </StateCard>
    );
  }
  return <>{children}</>;
}
