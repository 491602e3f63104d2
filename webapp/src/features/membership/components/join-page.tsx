// /join/:code, an invite link: signed out, the visitor signs in first (the code is kept for after); signed in,
// the account joins at once and goes home. A bad or used-up code says so plainly.
import { TicketX, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast } from '../../../components/toast-store';
import { paths } from '../../../config/paths';
import { defineMessages, useT } from '../../../i18n';
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';
import { joinErrorMessage, rememberJoinCode, takeJoinCode, useJoin } from '../api/join';

const messages = defineMessages({
  welcome: { id: 'web.membership.join.welcome', defaultMessage: 'Welcome!' },
  welcomeText: { id: 'web.membership.join.welcomeText', defaultMessage: 'You are now a member.' },
  loading: { id: 'web.membership.join.loading', defaultMessage: 'Loading...' },
  invited: { id: 'web.membership.join.invited', defaultMessage: "You're invited" },
  signInFirst: {
    id: 'web.membership.join.signInFirst',
    defaultMessage: 'Sign in to join. You will be let in as soon as you have signed in.',
  },
  login: { id: 'web.membership.join.login', defaultMessage: 'Login' },
  couldNotJoin: { id: 'web.membership.join.couldNotJoin', defaultMessage: 'Could not join' },
  goHome: { id: 'web.membership.join.goHome', defaultMessage: 'Go to the home page' },
  joining: { id: 'web.membership.join.joining', defaultMessage: 'Joining...' },
});

export function JoinPage() {
  const t = useT();
  const { code = '' } = useParams();
  const { data: user, isPending } = useCurrentUser();
  const join = useJoin();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (user === null) rememberJoinCode(code);
    if (!user || started.current) return;
    started.current = true;
    // Signed in now: the kept code is this one, and is spent here.
    takeJoinCode();
    join.mutate(code, {
      onSuccess: () => {
        toast({ title: t(messages.welcome), description: t(messages.welcomeText) });
        void navigate(paths.home, { replace: true });
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in visit
  }, [user, code]);

  if (isPending) return <Skeleton label={t(messages.loading)} />;
  if (user === null) {
    return (
      <StateCard title={t(messages.invited)} icon={<UserPlus size={32} aria-hidden="true" />}>
        <p>{t(messages.signInFirst)}</p>
        <Button onClick={openAuthDialog}>{t(messages.login)}</Button>
      </StateCard>
    );
  }
  if (join.isError) {
    return (
      <StateCard title={t(messages.couldNotJoin)} role="alert" icon={<TicketX size={32} aria-hidden="true" />}>
        <p>{joinErrorMessage(join.error)}</p>
        <Link to={paths.home} className={buttonClass({ variant: 'secondary' })}>
          {t(messages.goHome)}
        </Link>
      </StateCard>
    );
  }
  return <Skeleton label={t(messages.joining)} />;
}
