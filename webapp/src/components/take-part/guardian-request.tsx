// Naming a parent or guardian: a member under the consent age enters an email and gets a link to give consent,
// emailed to the guardian only when email sending works here (the answer says which, and the panel says it
// truthfully). Either way the member can copy the link or share it in Telegram. Shows where the member stands
// (required, waiting, agreed and waiting for a leader, given) and lets them send the link again while nobody has
// agreed.
// The same panel sits in the take-part dialog and in Settings.
import { useState, type FormEvent } from 'react';
import type { CurrentUser, GuardianRequestSent } from '../../../../shared/types';
import { emailSchema } from '../../../../shared/schemas/fields';
import { Button } from '../button/button';
import { Field } from '../field/field';
import { brandName } from '../../lib/brand';
import { minorsErrorMessage, useGuardianRequestState, useNameGuardian } from '../../lib/minors';
import { defineMessages, useT } from '../../i18n';
import { commonMessages } from '../common-messages';
import { ParentLink } from './parent-link';
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
  notSent: {
    id: 'web.components.guardianRequest.notSent',
    defaultMessage:
      "Email isn't set up here, so we couldn't send it. Copy the link and send it to your parent yourself.",
  },
  failed: {
    id: 'web.components.guardianRequest.failed',
    defaultMessage: 'The email to {email} could not be delivered. Copy the link and send it to your parent yourself.',
  },
  emailedTo: {
    id: 'web.components.guardianRequest.emailedTo',
    defaultMessage: 'We emailed the link to {email}. You can also send it to them yourself.',
  },
  shareText: {
    id: 'web.components.guardianRequest.shareText',
    description: 'Sent with the consent link in a Telegram chat to the parent',
    defaultMessage: 'Please give your consent so I can take part in {brand}:',
  },
  hintNoEmail: {
    id: 'web.components.guardianRequest.hintNoEmail',
    defaultMessage: "Email isn't set up here, so you get a link to send them yourself.",
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
  const [sent, setSent] = useState<{ to: string; answer: GuardianRequestSent } | null>(null);
  const state = user.guardianConsent ?? 'required';
  const open = state === 'required' || state === 'pending';
  const requestState = useGuardianRequestState(open);
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
      onSuccess: (answer) => {
        setSent({ to: parsed.data, answer });
        setEmail('');
        onSent?.(parsed.data);
      },
      onError: (failure) => setError(minorsErrorMessage(failure)),
    });
  };

  if (!open) {
    return (
      <p className={styles.state} role="status">
        {t(state === 'awaiting_verification' ? messages.awaiting_verification : messages.granted)}
      </p>
    );
  }
  const request = requestState.data?.request ?? null;
  // What the member is told, truthfully: the fresh answer first, else the open request as the server reads it.
  let said: string;
  let failed = false;
  let link: string | null = null;
  if (sent) {
    said = sent.answer.delivery === 'email' ? t(messages.sent, { email: sent.to }) : t(messages.notSent);
    failed = sent.answer.delivery !== 'email';
    link = sent.answer.link;
  } else if (state === 'pending' && request) {
    failed = request.delivery === 'link_only' || request.email === 'failed';
    said =
      request.email === 'failed'
        ? t(messages.failed, { email: request.sentTo })
        : request.delivery === 'link_only'
          ? t(messages.notSent)
          : `${t(messages.pending)} ${t(messages.emailedTo, { email: request.sentTo })}`;
    link = request.link;
  } else {
    said = t(messages[state]);
  }
  const emailOff = requestState.data?.emailEnabled === false;
  return (
    <div className={styles.panel}>
      <p className={failed ? styles.failed : styles.state} role="status" aria-live="polite">
        {said}
      </p>
      {link && <ParentLink link={link} text={t(messages.shareText, { brand: brandName() })} />}
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={state === 'pending' || sent ? t(messages.sendAgainLabel) : t(messages.emailLabel)}
          error={error}
          hint={t(emailOff ? messages.hintNoEmail : messages.hint)}
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
              : state === 'pending' || sent
                ? t(messages.sendAgain)
                : t(messages.ask)}
          </Button>
        </div>
      </form>
    </div>
  );
}
