// The guests stepper of the RSVP card: how many extra people the member brings, 0 to the event's limit.
import { Minus, Plus } from 'lucide-react';
import { Button } from '../../../components/button/button';
import styles from './rsvp-card.module.css';

interface GuestsStepperProps {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}

export function GuestsStepper({ value, max, disabled = false, onChange }: GuestsStepperProps) {
  return (
    <div className={styles.stepper} role="group" aria-labelledby="guests-label">
      <span id="guests-label" className={styles.stepperLabel}>
        Guests <span className="muted">(up to {max})</span>
      </span>
      <Button
        variant="secondary"
        size="small"
        aria-label="Fewer guests"
        disabled={disabled || value <= 0}
        onClick={() => onChange(value - 1)}
      >
        <Minus size={16} aria-hidden="true" />
      </Button>
      <output className={styles.stepperValue} aria-live="polite" aria-label="Guests">
        {value}
      </output>
      <Button
        variant="secondary"
        size="small"
        aria-label="More guests"
        disabled={disabled || value >= max}
        onClick={() => onChange(value + 1)}
      >
        <Plus size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}
