// Naming a parent or guardian: a member under the consent age enters an email, and the guardian gets a link
// to give consent. Shows where the member stands (required, waiting, given) and lets them send the link again.
// The same panel sits in the take-part dialog and in Settings.
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../shared/types';
import { emailSchema } from '../../../../shared/schemas';
import { Button } from '../button/button';
import { Field } from '../field/field';
import { minorsErrorMessage, useNameGuardian } from '../../lib/minors';
import styles from './take-part.module.css';

export const CONSENT_STATE_TEXT = {
  required: 'A parent or guardian needs to give consent before you can reply to events or comment.',
  pending: 'Waiting for your parent or guardian to give consent.',
  granted: 'Your parent or guardian has given consent.',
} as const;

export function GuardianRequest({ user, onSent }: { user: CurrentUser; onSent?: (email: string) => void }) {
  const name = useNameGuardian();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const state = user.guardianConsent ?? 'required';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError('Enter your parent or guardian’s email address');
      return;
    }
    setError(null);
    name.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data);
        setEmail('');
        onSent?.(parsed.data);
      },
      onError: (failure) => setError(minorsErrorMessage(failure)),
    });
  };

  if (state === 'granted' || state === 'not_needed') {
    return (
      <p className={styles.state} role="status">
        {CONSENT_STATE_TEXT.granted}
      </p>
    );
  }
  return (
    <div className={styles.panel}>
      <p className={styles.state} role="status" aria-live="polite">
        {sentTo
          ? `We emailed your parent or guardian at ${sentTo}. The link works for 7 days. Once they give consent, you can reply to events and comment.`
          : CONSENT_STATE_TEXT[state]}
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={
            state === 'pending' || sentTo ? 'Send the link again (or to another email)' : 'Parent or guardian’s email'
          }
          error={error}
          hint="We email them a link to give consent. They also get a copy of messages about your events."
        >
          <input
            type="email"
            autoComplete="off"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={name.isPending}>
            {name.isPending ? 'Sending...' : state === 'pending' || sentTo ? 'Send again' : 'Ask for consent'}
          </Button>
        </div>
      </form>
    </div>
  );
}
