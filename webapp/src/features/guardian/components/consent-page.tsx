// /guardian/consent?token=…, the link a parent or guardian was emailed: who it is for, the organisation and its
// consent text, then sign-in (any method; a new account made here is a guardian account) and "I give consent".
// Open to accounts still waiting for membership approval: a guardian never needs to be a member.
import { CircleCheck, ShieldCheck, TriangleAlert } from 'lucide-react';
import { Link, useLocation, useSearchParams } from '../../../lib/router';
import { Button, buttonClass } from '../../../components/button/button';
import { Card, StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { openAuthDialog, rememberReturnPath, useCurrentUser } from '../../../lib/auth';
import { longDateTime } from '../../../lib/dates';
import { useMainButton } from '../../../lib/use-main-button';
import { consentLinkProblem, useConsentRequest, useGiveConsent } from '../api/consent';
import { defineMessages, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import { richText } from '../../../components/rich-text/rich-text';
import styles from './guardian.module.css';

const messages = defineMessages({
  giveConsent: { id: 'web.guardian.consent.giveConsent', defaultMessage: 'I give consent' },
  incomplete: { id: 'web.guardian.consent.incomplete', defaultMessage: 'This link is not complete' },
  incompleteText: {
    id: 'web.guardian.consent.incompleteText',
    defaultMessage: 'Open the whole link from the email you were sent, or ask your child to send a new one.',
  },
  thanks: { id: 'web.guardian.consent.thanks', defaultMessage: 'Thank you — {name} can now take part.' },
  thanksText: {
    id: 'web.guardian.consent.thanksText',
    defaultMessage: 'You can set photo permissions, answer permission slips or withdraw consent at any time.',
  },
  thanksAwaiting: { id: 'web.guardian.consent.thanksAwaiting', defaultMessage: 'Thank you — a leader will confirm it' },
  thanksAwaitingText: {
    id: 'web.guardian.consent.thanksAwaitingText',
    defaultMessage:
      'A leader of the group will confirm that you are {name}’s parent or guardian. Until then {name} cannot take part and you cannot approve permission slips.',
  },
  goToChildren: { id: 'web.guardian.consent.goToChildren', defaultMessage: 'Go to your children' },
  titleFor: { id: 'web.guardian.consent.titleFor', defaultMessage: 'Consent for {name}' },
  title: { id: 'web.guardian.consent.title', defaultMessage: 'Give consent' },
  asks: { id: 'web.guardian.consent.asks', defaultMessage: '{organisation} asks for your consent' },
  named: {
    id: 'web.guardian.consent.named',
    defaultMessage:
      '{name} named you as their parent or guardian. Younger members need consent from a parent or guardian before they reply to events or comment.',
  },
  worksUntil: { id: 'web.guardian.consent.worksUntil', defaultMessage: 'This link works until {date}.' },
  textVersion: { id: 'web.guardian.consent.textVersion', defaultMessage: 'Text version {version}.' },
  yourConsent: { id: 'web.guardian.consent.yourConsent', defaultMessage: 'Your consent' },
  signInTitle: { id: 'web.guardian.consent.signInTitle', defaultMessage: 'Sign in to give consent' },
  signedInAs: {
    id: 'web.guardian.consent.signedInAs',
    defaultMessage:
      'You are signed in as {name}. Your consent is recorded with your name and the time; you can withdraw it at any time.',
  },
  problem: { id: 'web.guardian.consent.problem', defaultMessage: '{title}. {text}' },
  signInText: {
    id: 'web.guardian.consent.signInText',
    defaultMessage:
      'Use any sign-in method. If you have no account yet, one is made for you: a guardian account that sees only what concerns your children, with no membership approval needed.',
  },
  signIn: { id: 'web.guardian.consent.signIn', defaultMessage: 'Sign in' },
});

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
  const t = useT();

  // The answer replaces a long page: start it from the top, where the thank-you is.
  const consent = () => give.mutate(token, { onSuccess: () => window.scrollTo({ top: 0 }) });
  useMainButton(ready ? { text: t(messages.giveConsent), onClick: consent, busy: give.isPending } : null);

  if (!token) {
    return (
      <StateCard title={t(messages.incomplete)} icon={<TriangleAlert size={32} aria-hidden="true" />} role="alert">
        <p>{t(messages.incompleteText)}</p>
      </StateCard>
    );
  }
  if (give.isSuccess) {
    return (
      <StateCard
        title={
          give.data.awaitingVerification
            ? t(messages.thanksAwaiting)
            : t(messages.thanks, { name: give.data.child.name })
        }
        icon={<CircleCheck size={32} aria-hidden="true" />}
        role="status"
      >
        <p>
          {give.data.awaitingVerification
            ? t(messages.thanksAwaitingText, { name: give.data.child.name })
            : t(messages.thanksText)}
        </p>
        <Link to={paths.guardian} className={buttonClass()}>
          {t(messages.goToChildren)}
        </Link>
      </StateCard>
    );
  }
  if (request.isPending || userPending) return <Skeleton label={t(commonMessages.loading)} />;
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
      <h1>{view ? t(messages.titleFor, { name: view.child.name }) : t(messages.title)}</h1>
      {view && (
        <Card labelledBy="consent-about" title={t(messages.asks, { organisation: view.organisation.name })}>
          <p>{richText(messages.named, { name: <strong>{view.child.name}</strong> })}</p>
          <ConsentText text={view.consentText} />
          <p className="muted">
            {t(messages.worksUntil, { date: longDateTime(view.expiresAt) })}
            {view.consentTextVersion > 0 && ` ${t(messages.textVersion, { version: view.consentTextVersion })}`}
          </p>
        </Card>
      )}
      <Card labelledBy="consent-action" title={signedIn ? t(messages.yourConsent) : t(messages.signInTitle)}>
        {signedIn ? (
          <>
            <p>{richText(messages.signedInAs, { name: <strong>{user?.name}</strong> })}</p>
            {giveProblem && (
              <p className="field-error" role="alert">
                {t(messages.problem, { title: giveProblem.title, text: giveProblem.text })}
              </p>
            )}
            <div>
              <Button onClick={consent} disabled={give.isPending}>
                <ShieldCheck size={18} aria-hidden="true" />
                {give.isPending ? t(commonMessages.saving) : t(messages.giveConsent)}
              </Button>
            </div>
          </>
        ) : (
          <>
            <p>{t(messages.signInText)}</p>
            <div>
              <Button onClick={signIn}>{t(messages.signIn)}</Button>
            </div>
          </>
        )}
      </Card>
      {give.isError && !giveProblem && <p role="alert">{errorMessage(give.error)}</p>}
    </div>
  );
}
