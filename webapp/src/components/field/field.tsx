// Field: label, control, hint and error wired together (id, aria-invalid, aria-describedby), so every form
// has one markup. The control is any input-like element; with react-hook-form pass `{...register(name)}` to it
// and the field's error message. A form that mixes required and optional fields says which is which beside each
// label: a '*' for required (the control's aria-required tells a screen reader) and '(optional)' in words.
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import { defineMessages, useT } from '../../i18n';
import styles from './field.module.css';

const messages = defineMessages({
  optional: { id: 'web.components.field.optional', defaultMessage: '(optional)' },
});

export type Necessity = 'required' | 'optional';

/** The mark after a label: '*' (hidden from screen readers, which hear aria-required) or '(optional)'. */
export function NecessityMark({ necessity }: { necessity?: Necessity }) {
  const t = useT();
  if (necessity === 'required') {
    return (
      <span className={styles.required} aria-hidden="true">
        *
      </span>
    );
  }
  if (necessity === 'optional') return <span className={styles.optional}> {t(messages.optional)}</span>;
  return null;
}

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  children: ReactElement<ControlProps>;
  error?: string | null;
  hint?: ReactNode;
  /** A fixed id for the control (tests and labels elsewhere may point at it); generated otherwise. */
  id?: string;
  className?: string;
  /** Marks the label in a form that has both kinds; left out, the label stands alone. */
  necessity?: Necessity;
}

export function Field({ label, children, error, hint, id, className = '', necessity }: FieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  const labelElement = (
    <label htmlFor={controlId} className={styles.label}>
      {label}
      {necessity === 'optional' && <NecessityMark necessity="optional" />}
    </label>
  );
  return (
    <div className={`${styles.field} ${className}`}>
      {necessity === 'required' ? (
        // Beside the label, not in it: the control's name stays the label's words alone.
        <span className={styles.labelLine}>
          {labelElement}
          <NecessityMark necessity="required" />
        </span>
      ) : (
        labelElement
      )}
      {cloneElement(children, {
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      {message}
    </p>
  );
}
