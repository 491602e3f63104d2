// /join/:code, an invite link: it says who invited the visitor and to which organisation. Signed out, the visitor
// signs in first (the code is kept for after); signed in, the account joins at once and is told "You're in" with
// the next step. A bad or used-up code says so plainly.
import { PartyPopper, TicketX, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from '../../../lib/router';
import { Button, buttonClass } from '../../../components/button/button';
import { StateCard } from '../../../components/card/card';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { paths } from '../../../config/paths';
import { defineMessages, useT } from '../../../i18n';
import { brandName } from '../../../lib/brand';
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';
import { joinErrorMessage, rememberJoinCode, takeJoinCode, useInvitePreview, useJoin } from '../api/join';

const messages = defineMessages({
  loading: { id: 'web.membership.join.loading', defaultMessage: 'Loading...' },
  invited: { id: 'web.membership.join.invited', defaultMessage: "You're invited" },
  invitedBy: {
    id: 'web.membership.join.invitedBy',
    defaultMessage: '{inviter} invited you to join {organisation}.',
  },
  invitedTo: { id: 'web.membership.join.invitedTo', defaultMessage: 'You are invited to join {organisation}.' },
  signInFirst: {
    id: 'web.membership.join.signInFirst',
    defaultMessage: 'Sign in to join. You will be let in as soon as you have signed in.',
  },
  login: { id: 'web.membership.join.login', defaultMessage: 'Login' },
  couldNotJoin: { id: 'web.membership.join.couldNotJoin', defaultMessage: 'Could not join' },
  goHome: { id: 'web.membership.join.goHome', defaultMessage: 'Go to the home page' },
  joining: { id: 'web.membership.join.joining', defaultMessage: 'Joining...' },
  youreIn: { id: 'web.membership.join.youreIn', defaultMessage: "You're in" },
  welcomeTo: {
    id: 'web.membership.join.welcomeTo',
    defaultMessage: 'Welcome to {organisation}! You are now a member.',
  },
  nextStep: {
    id: 'web.membership.join.nextStep',
    defaultMessage: 'Next: pick an event and tap “I Will Attend” to let the organisers know you are coming.',
  },
  seeEvents: { id: 'web.membership.join.seeEvents', defaultMessage: 'See upcoming events' },
});

export function JoinPage() {
  const t = useT();
  const { code = '' } = useParams();
  const { data: user, isPending } = useCurrentUser();
  const join = useJoin();
  const started = useRef(false);
  // Asked only while the visitor is not in yet: a member has nothing to be invited to.
  const preview = useInvitePreview(code, user === null || user?.status === 'pending');
  const organisation = preview.data?.organisation.name ?? brandName();

  useEffect(() => {
    if (user === null) rememberJoinCode(code);
    if (!user || started.current) return;
    started.current = true;
    // Signed in now: the kept code is this one, and is spent here.
    takeJoinCode();
    join.mutate(code);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in visit
  }, [user, code]);

  if (isPending) return <Skeleton label={t(messages.loading)} />;
  const failure = join.error ?? (user === null ? preview.error : null);
  if (failure) {
    return (
      <StateCard title={t(messages.couldNotJoin)} role="alert" icon={<TicketX size={32} aria-hidden="true" />}>
        <p>{joinErrorMessage(failure)}</p>
        <Link to={paths.home} className={buttonClass({ variant: 'secondary' })}>
          {t(messages.goHome)}
        </Link>
      </StateCard>
    );
  }
  if (user === null) {
    if (preview.isPending) return <Skeleton label={t(messages.loading)} />;
    const inviter = preview.data?.inviter?.name;
    return (
      <StateCard title={t(messages.invited)} icon={<UserPlus size={32} aria-hidden="true" />}>
        <p>
          <strong>
            {inviter ? t(messages.invitedBy, { inviter, organisation }) : t(messages.invitedTo, { organisation })}
          </strong>
        </p>
        <p>{t(messages.signInFirst)}</p>
        <Button onClick={openAuthDialog}>{t(messages.login)}</Button>
      </StateCard>
    );
  }
  if (join.isSuccess) {
    return (
      <StateCard title={t(messages.youreIn)} role="status" icon={<PartyPopper size={32} aria-hidden="true" />}>
        <p>{t(messages.welcomeTo, { organisation })}</p>
        <p className="muted">{t(messages.nextStep)}</p>
        <Link to={paths.events} className={buttonClass({})}>
          {t(messages.seeEvents)}
        </Link>
      </StateCard>
    );
  }
  return <Skeleton label={t(messages.joining)} />;
}
