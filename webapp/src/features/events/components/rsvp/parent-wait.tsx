// The event page's "Waiting for your parent": a member under the consent age whose reply waits for a parent or
// guardian sees why, and what she can do, instead of a dead end. Two waits: a permission slip holding her place
// (`awaiting_guardian`: her guardian approves on their own page), and no consent yet (her wish to go is kept on
// this device, since the server keeps no reply it refused). Both offer the link to pass on herself, as no email
// may have left.
import { Clock } from 'lucide-react';
import type { CurrentUser, EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { ParentLink } from '../../../../components/take-part/parent-link';
import { defineMessages, useT } from '../../../../i18n';
import { brandName } from '../../../../lib/brand';
import { guardianPageLink, useGuardianRequestState, wishedFor } from '../../../../lib/minors';
import styles from './rsvp-card.module.css';

const messages = defineMessages({
  title: { id: 'web.events.parentWait.title', defaultMessage: 'Waiting for your parent' },
  heldForGuardian: {
    id: 'web.events.details.heldForGuardian',
    defaultMessage: 'Your place is held while a parent or guardian decides.',
  },
  held: {
    id: 'web.events.parentWait.held',
    defaultMessage: 'If they have not heard about it, send them the link: they approve after signing in.',
  },
  heldNoEmail: {
    id: 'web.events.parentWait.heldNoEmail',
    defaultMessage: "Email isn't set up here, so send them the link yourself: they approve after signing in.",
  },
  slipShare: {
    id: 'web.events.parentWait.slipShare',
    description: 'Sent with the link to the guardian page in a Telegram chat to the parent',
    defaultMessage: 'Please approve my place at {event}:',
  },
  wished: {
    id: 'web.events.parentWait.wished',
    defaultMessage: 'You want to go to this event. Once your parent or guardian has given consent, reply here.',
  },
  pending: {
    id: 'web.events.parentWait.pending',
    defaultMessage:
      'A parent or guardian needs to give consent before you can reply. If they do not have the link yet, send it to them.',
  },
  required: {
    id: 'web.events.parentWait.required',
    defaultMessage: 'A parent or guardian needs to give consent before you can reply.',
  },
  verifying: {
    id: 'web.events.parentWait.verifying',
    defaultMessage: 'Your parent or guardian has agreed. A leader will confirm it soon; then you can reply.',
  },
  ask: { id: 'web.events.parentWait.ask', defaultMessage: 'Ask a parent or guardian' },
  consentShare: {
    id: 'web.events.parentWait.consentShare',
    description: 'Sent with the consent link in a Telegram chat to the parent',
    defaultMessage: 'Please give your consent so I can take part in {brand}:',
  },
});

/** Whether the card shows the wait for consent (the slip's wait is shown whenever the reply holds a place). */
export function waitsForConsent(user: CurrentUser | undefined, eventId: number): boolean {
  if (!user?.isMinor) return false;
  const consent = user.guardianConsent;
  if (consent === 'pending' || consent === 'awaiting_verification') return true;
  return consent === 'required' && wishedFor(user.id, eventId);
}

export function ParentWait({
  event,
  user,
  onAsk,
}: {
  event: EventDetail;
  user: CurrentUser;
  /** Opens "Ask a parent or guardian" (the take-part dialog). */
  onAsk: () => void;
}) {
  const t = useT();
  const slip = event.myStatus === 'awaiting_guardian';
  const consent = user.guardianConsent;
  const state = useGuardianRequestState(slip || consent === 'pending');
  const request = state.data?.request ?? null;
  let text: string;
  let link: ParentLinkProps | null = null;
  if (slip) {
    text = t(state.data?.emailEnabled === false ? messages.heldNoEmail : messages.held);
    link = { link: guardianPageLink(), text: t(messages.slipShare, { event: event.name }) };
  } else if (consent === 'awaiting_verification') {
    text = t(messages.verifying);
  } else if (consent === 'pending') {
    text = t(messages.pending);
    if (request?.link) link = { link: request.link, text: t(messages.consentShare, { brand: brandName() }) };
  } else {
    text = t(messages.required);
  }
  const wished = !slip && wishedFor(user.id, event.id);
  return (
    <section className={styles.parentWait} aria-labelledby="parent-wait-title" data-testid="parent-wait">
      <h3 id="parent-wait-title" className={styles.waitlist}>
        <Clock size={18} aria-hidden="true" />
        {t(messages.title)}
      </h3>
      {slip && <p role="status">{t(messages.heldForGuardian)}</p>}
      {wished && <p>{t(messages.wished)}</p>}
      <p>{text}</p>
      {link && <ParentLink {...link} />}
      {!slip && consent === 'required' && (
        <div>
          <Button variant="secondary" onClick={onAsk}>
            {t(messages.ask)}
          </Button>
        </div>
      )}
    </section>
  );
}

interface ParentLinkProps {
  link: string;
  text: string;
}
