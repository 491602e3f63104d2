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
import { openAuthDialog, useCurrentUser } from '../../../lib/auth';
import { joinErrorMessage, rememberJoinCode, takeJoinCode, useJoin } from '../api/join';

export function JoinPage() {
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
        toast({ title: 'Welcome!', description: 'You are now a member.' });
        void navigate(paths.home, { replace: true });
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per signed-in visit
  }, [user, code]);

  if (isPending) return <Skeleton label="Loading..." />;
  if (user === null) {
    return (
      <StateCard title="You're invited" icon={<UserPlus size={32} aria-hidden="true" />}>
        <p>Sign in to join. You will be let in as soon as you have signed in.</p>
        <Button onClick={openAuthDialog}>Login</Button>
      </StateCard>
    );
  }
  if (join.isError) {
    return (
      <StateCard title="Could not join" role="alert" icon={<TicketX size={32} aria-hidden="true" />}>
        <p>{joinErrorMessage(join.error)}</p>
        <Link to={paths.home} className={buttonClass({ variant: 'secondary' })}>
          Go to the home page
        </Link>
      </StateCard>
    );
  }
  return <Skeleton label="Joining..." />;
}
