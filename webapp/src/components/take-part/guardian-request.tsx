// Naming a parent or guardian: a member under the consent age enters an email, and the guardian gets a link
// to give consent. Shows where the member stands (required, waiting, agreed and waiting for a leader, given) and
// lets them send the link again while nobody has agreed.
// The same panel sits in the take-part dialog and in Settings.
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../shared/types';
import { emailSchema } from '../../../../shared/schemas';
import { Button } from '../button/button';
import { Field } from '../field/field';
import { minorsErrorMessage, useNameGuardian } from '../../lib/minors';
import { defineMessages, useT } from '../../i18n';
import { commonMessages } from '../common-messages';
import styles from './take-part.module.css';

const messages = defineMessages({
  required: {
    id: 'web.components.guardianRequest.required',
    defaultMessage: 'A parent or guardian needs to give consent before you can reply to events or comment.',
  },
  pending: {
    id: 'web.components.guardianRequest.pending',
    defaultMessage: 'Waiting for your parent or guardian to give consent.',
  },
  awaiting_verification: {
    id: 'web.components.guardianRequest.awaitingVerification',
    defaultMessage:
      'Your parent or guardian has agreed. A leader will confirm it soon; then you can reply to events and comment.',
  },
  granted: {
    id: 'web.components.guardianRequest.granted',
    defaultMessage: 'Your parent or guardian has given consent.',
  },
  enterEmail: {
    id: 'web.components.guardianRequest.enterEmail',
    defaultMessage: 'Enter your parent or guardian’s email address',
  },
  sent: {
    id: 'web.components.guardianRequest.sent',
    defaultMessage:
      'We emailed your parent or guardian at {email}. The link works for 7 days. Once they give consent, you can reply to events and comment.',
  },
  sendAgainLabel: {
    id: 'web.components.guardianRequest.sendAgainLabel',
    defaultMessage: 'Send the link again (or to another email)',
  },
  emailLabel: { id: 'web.components.guardianRequest.emailLabel', defaultMessage: 'Parent or guardian’s email' },
  hint: {
    id: 'web.components.guardianRequest.hint',
    defaultMessage: 'We email them a link to give consent. They also get a copy of messages about your events.',
  },
  sendAgain: { id: 'web.components.guardianRequest.sendAgain', defaultMessage: 'Send again' },
  ask: { id: 'web.components.guardianRequest.ask', defaultMessage: 'Ask for consent' },
});

export function GuardianRequest({ user, onSent }: { user: CurrentUser; onSent?: (email: string) => void }) {
  const name = useNameGuardian();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const state = user.guardianConsent ?? 'required';
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(t(messages.enterEmail));
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

  if (state === 'granted' || state === 'not_needed' || state === 'awaiting_verification') {
    return (
      <p className={styles.state} role="status">
        {t(state === 'awaiting_verification' ? messages.awaiting_verification : messages.granted)}
      </p>
    );
  }
  return (
    <div className={styles.panel}>
      <p className={styles.state} role="status" aria-live="polite">
        {sentTo ? t(messages.sent, { email: sentTo }) : t(messages[state])}
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={state === 'pending' || sentTo ? t(messages.sendAgainLabel) : t(messages.emailLabel)}
          error={error}
          hint={t(messages.hint)}
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
            {name.isPending
              ? t(commonMessages.sending)
              : state === 'pending' || sentTo
                ? t(messages.sendAgain)
                : t(messages.ask)}
          </Button>
        </div>
      </form>
    </div>
  );
}
