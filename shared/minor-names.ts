// How minors read to people: to other members, by first name and last initial (enough to recognise a friend in
// a list, too little to find the child elsewhere); to organisers, with their consent and photo state in words.
// Pure: the API decides who sees what (api/src/modules/minors).
import type { GuardianConsentState, PermissionSlipStatus, PhotoConsent } from './constants';

/**
 * "Maria Schmidt" → "Maria S."; "Anna Maria Schmidt" → "Anna S." (middle names are left out); a single word
 * stays as it is. The initial is the last word's first letter (a hyphenated name gives its first part's).
 */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return words[0] ?? name.trim();
  // Array.from keeps a letter outside the BMP whole.
  const initial = Array.from(words[words.length - 1]!)[0]!;
  return `${words[0]} ${initial.toLocaleUpperCase()}.`;
}

/**
 * "Maria Schmidt" → "Maria": how a host is named to visitors, who never read a member's full name (a child's
 * least of all).
 */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? '';
}

/** One order for people's names, whatever the server's locale or the database's collation. */
const NAME_ORDER = new Intl.Collator('en');

/**
 * Orders people by the name the viewer is shown (then by id): sort after shortening, never before, so where a
 * minor shown as "Maria S." stands says nothing about the rest of her surname.
 */
export function byShownName(
  a: { id: number | null; name: string | null },
  b: { id: number | null; name: string | null },
): number {
  return NAME_ORDER.compare(a.name ?? '', b.name ?? '') || (a.id ?? 0) - (b.id ?? 0);
}

/** The organiser's words for a member's guardian consent (attendee table, check-in, CSV). */
export const GUARDIAN_CONSENT_LABELS: Record<GuardianConsentState, string> = {
  not_needed: 'Not needed',
  required: 'No guardian consent yet',
  pending: 'Guardian asked, no answer yet',
  awaiting_verification: 'Guardian agreed, a leader has to confirm',
  granted: 'Guardian consent given',
};

/** The organiser's words for a guardian's answer about one event. */
export const PERMISSION_SLIP_LABELS: Record<PermissionSlipStatus, string> = {
  pending: 'Waiting for guardian',
  approved: 'Guardian approved',
  declined: 'Guardian declined',
  expired: 'Guardian did not answer',
};

/** The organiser's words for what a guardian allows for photos. */
export const PHOTO_CONSENT_LABELS: Record<PhotoConsent, string> = {
  full: 'Photos allowed',
  internal: 'Photos for organisers only',
  none: 'No photos',
};
