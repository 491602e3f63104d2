// The toast queue of SPEC §4/§9: one toast at a time; add, update, dismiss, remove. A dismissed toast is
// removed from memory after 1,000,000 ms (it stays mounted for Radix's exit animation until then).
import { useSyncExternalStore } from 'react';
import { TOAST_REMOVE_DELAY_MS } from '../../../shared/first-page-constants';

export interface ToastData {
  id: string;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** One button in the toast (Undo): `altText` says how to do the same without it, for screen readers. */
  action?: { label: string; altText: string; onAction: () => void };
  open: boolean;
}

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

const TOAST_LIMIT = 1;
let toasts: ToastData[] = [];
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function emit(next: ToastData[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function removeToast(id: string) {
  removalTimers.delete(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

export function dismissToast(id: string) {
  if (!removalTimers.has(id))
    removalTimers.set(
      id,
      setTimeout(() => removeToast(id), TOAST_REMOVE_DELAY_MS),
    );
  emit(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)));
}

export function toast(input: ToastInput): string {
  counter += 1;
  const id = String(counter);
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

/** A destructive toast: the SPEC's error toasts. */
/**
 * The description without the title said again: a message that opens with the toast's own title, after the
 * request helper's status code or not ('Check-in failed' / '409: Check-in failed: …'), keeps only what follows,
 * and one that is only the title adds nothing.
 */
export function withoutRepeatedTitle(title: string, description?: string): string | undefined {
  if (!description) return description;
  const heading = title.trim().toLowerCase();
  const text = description.replace(/^\d{3}: /, '');
  const next = text.charAt(heading.length);
  if (!text.toLowerCase().startsWith(heading) || /[\p{L}\p{N}]/u.test(next)) return description;
  const rest = text.slice(heading.length).replace(/^[:.\s-]+/, '');
  return rest || undefined;
}

export const toastError = (title: string, description?: string) =>
  toast({ title, description: withoutRepeatedTitle(title, description), variant: 'destructive' });

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

/** Whether any toast was ever shown: the toast area (Radix Toast) is loaded then, and stays. */
export const anyToastShown = () => counter > 0;
