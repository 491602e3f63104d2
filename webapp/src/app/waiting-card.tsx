// The waiting screen: a signed-in account the organisation has not let in yet sees this on every member page
// instead of refused requests. With an invite code it can let itself in; a code kept from a /join link
// before signing in is used at once.
import { useNavigate } from '../lib/router';
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
import { commonMessages } from '../components/common-messages';
import { defineMessages, msg, useT } from '../i18n';
import styles from './waiting-card.module.css';

const messages = defineMessages({
  enterCode: { id: 'web.app.waiting.enterCode', defaultMessage: 'Enter the invite code' },
  welcome: { id: 'web.app.waiting.welcome', defaultMessage: 'Welcome!' },
  nowMember: { id: 'web.app.waiting.nowMember', defaultMessage: 'You are now a member.' },
  text: {
    id: 'web.app.waiting.text',
    defaultMessage: 'Thanks for signing in! An organiser will let you in soon; you can come back here any time.',
  },
  codeLabel: { id: 'web.app.waiting.codeLabel', defaultMessage: 'Have an invite code?' },
  codeHint: { id: 'web.app.waiting.codeHint', defaultMessage: 'It is the last part of your invite link.' },
  joining: { id: 'web.app.waiting.joining', defaultMessage: 'Joining...' },
  join: { id: 'web.app.waiting.join', defaultMessage: 'Join' },
});

export function WaitingCard() {
  const join = useJoin();
  const logout = useLogout();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const t = useT();

  const submit = (value: string) => {
    if (!value.trim()) {
      setError(t(messages.enterCode));
      return;
    }
    setError(null);
    join.mutate(value, {
      onSuccess: () => toast({ title: t(messages.welcome), description: t(messages.nowMember) }),
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
      onError: (failure) => toastError(t(commonMessages.error), errorMessage(failure)),
    });

  return (
    <StateCard title={t(msg('membershipPending'))} icon={<Hourglass size={32} aria-hidden="true" />}>
      <p>{t(messages.text)}</p>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          submit(code);
        }}
      >
        <Field label={t(messages.codeLabel)} error={error} hint={t(messages.codeHint)}>
          <input type="text" autoComplete="off" value={code} onChange={(event) => setCode(event.target.value)} />
        </Field>
        <Button type="submit" disabled={join.isPending}>
          {join.isPending ? t(messages.joining) : t(messages.join)}
        </Button>
      </form>
      <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
        {t(commonMessages.logout)}
      </Button>
    </StateCard>
  );
}
