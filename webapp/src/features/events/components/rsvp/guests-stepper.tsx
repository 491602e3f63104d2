// The guests stepper of the RSVP card: how many extra people the member brings, 0 to the event's limit.
import { Minus, Plus } from 'lucide-react';
import { Button } from '../../../../components/button/button';
import { defineMessages, useT } from '../../../../i18n';
import styles from './rsvp-card.module.css';

const messages = defineMessages({
  guests: { id: 'web.events.form.stepperGuests', defaultMessage: 'Guests' },
  upTo: { id: 'web.events.form.stepperUpTo', defaultMessage: '(up to {max})' },
  fewer: { id: 'web.events.form.stepperFewer', defaultMessage: 'Fewer guests' },
  more: { id: 'web.events.form.stepperMore', defaultMessage: 'More guests' },
});

interface GuestsStepperProps {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

export function GuestsStepper({ value, max, disabled = false, onChange }: GuestsStepperProps) {
  const t = useT();
  return (
    <div className={styles.stepper} role="group" aria-labelledby="guests-label">
      <span id="guests-label" className={styles.stepperLabel}>
        {t(messages.guests)} <span className="muted">{t(messages.upTo, { max })}</span>
      </span>
      <Button
        variant="secondary"
        size="small"
        aria-label={t(messages.fewer)}
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <Minus size={16} aria-hidden="true" />
      </Button>
      <output className={styles.stepperValue} aria-live="polite" aria-label={t(messages.guests)}>
        {value}
      </output>
      <Button
        variant="secondary"
        size="small"
        aria-label={t(messages.more)}
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}
