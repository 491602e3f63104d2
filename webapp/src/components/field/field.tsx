// Field: label, control, hint and error wired together (id, aria-invalid, aria-describedby), so every form
// has one markup. The control is any input-like element; with react-hook-form pass `{...register(name)}` to it
// and the field's error message.
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './field.module.css';

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
}

export function Field({ label, children, error, hint, id, className = '' }: FieldProps) {
  const generated = useId();
  const controlId = id ?? children.props.id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className}`}>
      <label htmlFor={controlId} className={styles.label}>
        {label}
      </label>
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
