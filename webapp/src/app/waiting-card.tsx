// The waiting screen: a signed-in account the organisation has not let in yet sees this on every member page
// instead of refused requests. With an invite code it can let itself in; a code kept from a /join link
// before signing in is used at once.
import { useNavigate } from 'react-router-dom';
import { Hourglass } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../components/button/button';
import { StateCard } from '../components/card/card';
import { Field } from '../components/field/field';
import { toast, toastError } from '../components/toast-store';
import { paths } from '../config/paths';
import { errorMessage } from '../lib/api-client';
import { useLogout } from '../features/auth/api/logout';
import { joinErrorMessage, takeJoinCode, useJoin } from '../features/membership/api/join';
import styles from './waiting-card.module.css';

export function WaitingCard() {
  const join = useJoin();
  const logout = useLogout();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (value: string) => {
    if (!value.trim()) {
      setError('Enter the invite code');
      return;
    }
    setError(null);
    join.mutate(value, {
      onSuccess: () => toast({ title: 'Welcome!', description: 'You are now a member.' }),
      onError: (failure) => setError(joinErrorMessage(failure)),
    });
  };

  // A code kept from a /join link opened before signing in (StrictMode runs effects twice: once is enough).
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    const stored = takeJoinCode();
    if (stored) {
      setCode(stored);
      submit(stored);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the first render
  }, []);

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate(paths.home),
      onError: (failure) => toastError('Error', errorMessage(failure)),
    });

  return (
    <StateCard title="Your membership is waiting for approval." icon={<Hourglass size={32} aria-hidden="true" />}>
      <p>Thanks for signing in! An organiser will let you in soon; you can come back here any time.</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Field label="Have an invite code?" error={error} hint="It is the last part of your invite link.">
          <input type="text" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
        </Field>
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? 'Joining...' : 'Join'}
        </Button>
      </form>
      <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
        Logout
      </Button>
    </StateCard>
  );
}
