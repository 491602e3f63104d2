// On a phone's website, the reply stays in reach while reading: a bar fixed above the tab bar with the event's
// name, the member's status and the main action ('I Will Attend' or 'Join the waitlist'; once replied, a way
// back to the card's choices; with replies closed before any reply, only that they are closed). It shows only
// while the card's own buttons are out of sight, so the page never offers the same button twice at once, and it
// sits outside the card, so the card's words are not repeated in it.
// Not inside Telegram, where the MainButton does this, nor on wider screens, where the card stays in view.
import { Check, Clock } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import type { EventDetail } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { defineMessages, useT } from '../../../../i18n';
import { isMiniApp } from '../../../../lib/telegram-mini-app';
import { isUnanswered, StatusLabel } from './rsvp';
import styles from './rsvp-card.module.css';
import { rsvpMessages } from './rsvp-text';

const messages = defineMessages({
  label: { id: 'web.events.details.rsvpBar', defaultMessage: 'Reply to this event' },
  change: { id: 'web.events.details.changeReply', defaultMessage: 'Change reply' },
});

/** Whether the element is on screen (above the tab bar); true until measured, so nothing flashes at load. */
function useOnScreen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(Boolean(entry?.isIntersecting)), {
      // The tab bar covers the screen's last 64 px or so: a button under it is not in reach.
      rootMargin: '0px 0px -72px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

interface RsvpBarProps {
  event: EventDetail;
  cardButtons: RefObject<HTMLElement | null>;
  attendLabel: string;
  /** The main reply would join the waitlist (the event is full). */
  joinsWaitlist: boolean;
  /** The main reply, or null when there is none to make from here (then the bar leads back to the card). */
  onAttend: (() => void) | null;
  busy: boolean;
}

export function RsvpBar({ event, cardButtons, attendLabel, joinsWaitlist, onAttend, busy }: RsvpBarProps) {
  const t = useT();
  const cardInView = useOnScreen(cardButtons);
  if (isMiniApp()) return null;
  const backToCard = () => {
    cardButtons.current?.scrollIntoView({ block: 'center' });
    cardButtons.current?.querySelector('button')?.focus({ preventScroll: true });
  };
  // While the card is in sight the bar is an empty, hidden placeholder: it keeps the page's bottom padding (so
  // nothing moves when it appears) and never repeats the card's buttons or status.
  if (cardInView) return <section className={styles.bar} hidden data-testid="rsvp-bar" />;
  return (
    <section className={styles.bar} aria-label={t(messages.label)} data-testid="rsvp-bar">
      <div className={styles.barText}>
        <span className={styles.barName}>{event.name}</span>
        <StatusLabel status={event.myStatus} />
      </div>
      {onAttend ? (
        <Button variant="primary" size="small" disabled={busy} onClick={onAttend}>
          {joinsWaitlist ? <Clock size={16} aria-hidden="true" /> : <Check size={16} aria-hidden="true" />}
          {attendLabel}
        </Button>
      ) : isUnanswered(event.myStatus) ? (
        // Nothing was replied, so there is nothing to change: replies are closed.
        <span className="muted">{t(rsvpMessages.rsvpsClosed)}</span>
      ) : (
        <Button variant="secondary" size="small" onClick={backToCard}>
          {t(messages.change)}
        </Button>
      )}
    </section>
  );
}
