// /guardian/consent?token=…, the link a parent or guardian was emailed: who it is for, the organisation and its
// consent text, then sign-in (any method; a new account made here is a guardian account) and "I give consent".
// Open to accounts still waiting for membership approval: a guardian never needs to be a member.
import { CircleCheck, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/button/button';
import { Card, StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { openAuthDialog, rememberReturnPath, useCurrentUser } from '../../../lib/auth';
import { longDateTime } from '../../../lib/dates';
import { useMainButton } from '../../../lib/use-main-button';
import { consentLinkProblem, useConsentRequest, useGiveConsent } from '../api/consent';
import styles from './guardian.module.css';

/** The organisation's text as plain paragraphs (blank lines split them; single line breaks stay). Never HTML. */
export function ConsentText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return (
    <div className={styles.consentText}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

export function ConsentPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const { data: user, isPending: userPending } = useCurrentUser();
  const request = useConsentRequest(token);
  const give = useGiveConsent();
  const signedIn = Boolean(user);
  const ready = signedIn && request.isSuccess && !give.isSuccess;

  // The answer replaces a long page: start it from the top, where the thank-you is.
  const consent = () => give.mutate(token, { onSuccess: () => window.scrollTo({ top: 0 }) });
  useMainButton(ready ? { text: 'I give consent', onClick: consent, busy: give.isPending } : null);

  if (!token) {
    return (
      <StateCard title="This link is not complete" icon={<TriangleAlert size={32} aria-hidden="true" />} role="alert">
        <p>Open the whole link from the email you were sent, or ask your child to send a new one.</p>
      </StateCard>
    );
  }
  if (give.isSuccess) {
    return (
      <StateCard
        title={`Thank you — ${give.data.child.name} can now take part.`}
        icon={<CircleCheck size={32} aria-hidden="true" />}
        role="status"
      >
        <p>You can set photo permissions, answer permission slips or withdraw consent at any time.</p>
        <Link to={paths.guardian} className={buttonClass()}>
          Go to your children
        </Link>
      </StateCard>
    );
  }
  if (request.isPending || userPending) return <Skeleton label="Loading..." />;
  // Some servers show the request only to a signed-in account: sign in first, then it is shown.
  const needsSignIn = request.isError && request.error instanceof ApiError && request.error.status === 401;
  if (request.isError && !needsSignIn) {
    const problem = consentLinkProblem(request.error);
    return (
      <StateCard title={problem.title} icon={<TriangleAlert size={32} aria-hidden="true" />} role="alert">
        <p>{problem.text}</p>
      </StateCard>
    );
  }
  const signIn = () => {
    rememberReturnPath(`${location.pathname}${location.search}`);
    openAuthDialog();
  };
  const view = request.data;
  const giveProblem = give.isError ? consentLinkProblem(give.error) : null;

  return (
    <div className={styles.page}>
      <h1>{view ? `Consent for ${view.child.name}` : 'Give consent'}</h1>
      {view && (
        <Card labelledBy="consent-about" title={`${view.organisation.name} asks for your consent`}>
          <p>
            <strong>{view.child.name}</strong> named you as their parent or guardian. Younger members need consent from
            a parent or guardian before they reply to events or comment.
          </p>
          <ConsentText text={view.consentText} />
          <p className="muted">
            This link works until {longDateTime(view.expiresAt)}.
            {view.consentTextVersion > 0 && ` Text version ${view.consentTextVersion}.`}
          </p>
        </Card>
      )}
      <Card labelledBy="consent-action" title={signedIn ? 'Your consent' : 'Sign in to give consent'}>
        {signedIn ? (
          <>
            <p>
              You are signed in as <strong>{user?.name}</strong>. Your consent is recorded with your name and the time;
              you can withdraw it at any time.
            </p>
            {giveProblem && (
              <p className="field-error" role="alert">
                {giveProblem.title}. {giveProblem.text}
              </p>
            )}
            <div>
              <Button onClick={consent} disabled={give.isPending}>
                <ShieldCheck size={18} aria-hidden="true" />
                {give.isPending ? 'Saving...' : 'I give consent'}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>
              Use any sign-in method. If you have no account yet, one is made for you: a guardian account that sees only
              what concerns your children, with no membership approval needed.
            </p>
            <div>
              <Button onClick={signIn}>Sign in</Button>
            </div>
          </>
        )}
      </Card>
      {give.isError && !giveProblem && <p role="alert">{errorMessage(give.error)}</p>}
    </div>
  );
}
