// Small building blocks shared by every screen.
import type { ReactNode } from 'react';

export function Card({
  title,
  children,
  className = '',
  actions,
  titleLevel = 2,
}: {
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
  actions?: ReactNode;
  titleLevel?: 1 | 2 | 3;
}) {
  const Heading = `h${titleLevel}` as const;
  return (
    <section className={`card ${className}`}>
      {(title || actions) && (
        <div className="card-header">
          {title && <Heading className="card-title">{title}</Heading>}
          {actions && <div className="card-actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** A full-card state message: loading, not found, access restricted. */
export function StateCard({
  title,
  children,
  role,
}: {
  title: string;
  children?: ReactNode;
  role?: 'status' | 'alert';
}) {
  return (
    <section className="card state-card" role={role} aria-live={role === 'status' ? 'polite' : undefined}>
      <h1 className="card-title">{title}</h1>
      {children}
    </section>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {message}
    </p>
  );
}

/** First zod issue per field, keyed by the field name. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}
