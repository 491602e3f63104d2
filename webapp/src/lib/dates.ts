// Date formats of SPEC §2/§9, with date-fns. Invalid or missing dates fall back to the SPEC's words.
import { format, isValid, parseISO } from 'date-fns';

export function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

const formatOr = (value: string | null | undefined, pattern: string, fallback: string) => {
  const date = toDate(value);
  return date ? format(date, pattern) : fallback;
};

export const shortDate = (value?: string | null) => formatOr(value, 'MMM d, yyyy', 'No date');
export const longDateTime = (value?: string | null) =>
  formatOr(value, "EEEE, MMMM d, yyyy 'at' h:mm a", 'Date not specified');
export const detailDate = (value?: string | null) => formatOr(value, 'EEEE, MMMM d, yyyy', 'Date not specified');
export const detailTime = (value?: string | null) => formatOr(value, 'h:mm a', 'Time not specified');
export const commentDate = (value?: string | null) => formatOr(value, "MMM d, yyyy 'at' h:mm a", 'Date unavailable');
/** For <input type="datetime-local">: local time to the minute. */
export const toDateTimeLocal = (value?: string | null) => formatOr(value, "yyyy-MM-dd'T'HH:mm", '');

/** Date ascending; events whose date cannot be read go last. */
export function byDateAscending<T extends { date: string }>(a: T, b: T): number {
  const left = toDate(a.date)?.getTime();
  const right = toDate(b.date)?.getTime();
  if (left === undefined && right === undefined) return 0;
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  return left - right;
}

/** The calendar badge on cards: 'Mar' and '7', or null when the date cannot be read. */
export function badgeParts(value?: string | null): { month: string; day: string } | null {
  const date = toDate(value);
  return date ? { month: format(date, 'MMM'), day: format(date, 'd') } : null;
}
