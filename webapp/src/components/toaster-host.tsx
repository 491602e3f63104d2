// The toast area is its own chunk, loaded with the first toast: a first page that shows none never pays for
// Radix Toast.
import { lazy, Suspense } from 'react';
import { anyToastShown, useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function ToasterHost() {
  // Subscribes, so the first toast re-renders this and mounts the toast area.
  useToasts();
  if (!anyToastShown()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
