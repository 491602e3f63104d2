// What the API answers guardians, children and the leaders who verify consents.
import type { GuardianConsentState, PhotoConsent, SignInMethod, StoredRsvpStatus } from '../constants';
import type { MyPayment } from './payments';

/** GET /api/guardian/consent: what the consent page shows before the guardian decides. */
export interface GuardianConsentRequestView {
  child: { id: number; name: string };
  organisation: { name: string };
  consentText: string;
  consentTextVersion: number;
  expiresAt: string;
}

/** One of a child's replies to an event that has not started yet, as their guardian sees it. */
export interface GuardianChildReply {
  eventId: number;
  name: string;
  date: string;
  status: StoredRsvpStatus;
  /** On an event with a fee: the child's payment, as the child reads their own (null: free, or nothing owed). */
  payment: MyPayment | null;
}

/** GET /api/guardian/children: a child of the signed-in guardian. */
export interface GuardianChild {
  id: number;
  name: string;
  birthDate: string | null;
  guardianConsent: GuardianConsentState;
  photoConsent: PhotoConsent;
  upcoming: GuardianChildReply[];
  /**
   * This account consented by email and a leader has not confirmed it yet: until then it is not the child's
   * guardian (no slips, no replies, no photo choice, no event list: `upcoming` is empty).
   */
  awaitingVerification: boolean;
}

/**
 * How a guardian request reaches the parent: `email` when the consent email was queued (email sending is on and
 * configured), `link_only` when no email leaves and the child must pass the link on herself.
 */
export type GuardianRequestDelivery = 'email' | 'link_only';

/** POST /api/users/me/guardians (202). `link` is the consent link, for the child to pass on in both cases. */
export interface GuardianRequestSent {
  status: 'sent';
  delivery: GuardianRequestDelivery;
  link: string;
  expiresAt: string;
}

/**
 * GET /api/users/me/guardians: the child's open request (newest unused, unexpired), or null. `email` is what
 * became of the consent email: `queued` (waiting in the outbox), `sent`, `failed`, or null when none was queued.
 * `link` is null for a request made before the link was kept.
 */
export interface GuardianRequestState {
  request: {
    sentTo: string;
    delivery: GuardianRequestDelivery;
    email: 'queued' | 'sent' | 'failed' | null;
    link: string | null;
    expiresAt: string;
  } | null;
  /** Whether email sending is on and configured now (a permission slip's email leaves only then). */
  emailEnabled: boolean;
}

/** POST /api/guardian/consent: whom the consent was for, and whether a leader still has to confirm it. */
export interface GuardianConsentGiven {
  child: { id: number; name: string };
  awaitingVerification: boolean;
}

/**
 * An emailed consent waiting for a leader (GET /api/admin/consents/awaiting): what a leader needs to judge
 * whether the account is really the child's parent or guardian.
 */
export interface ConsentAwaitingVerification {
  childId: number;
  childName: string;
  guardianId: number;
  guardianName: string;
  /** The address the consent link was emailed to (null once the child's data was erased). */
  sentTo: string | null;
  /** How the consenting account can sign in; its sign-in email (Google or a confirmed linked one), if any. */
  signInMethods: SignInMethod[];
  accountEmail: string | null;
  telegramUsername: string | null;
  accountCreatedAt: string;
  /** When the child sent the request (null when the request is gone). */
  requestedAt: string | null;
  consentedAt: string;
  /** Whole minutes from the request to the account's creation: negative when the account is older. */
  createdAfterRequestMinutes: number | null;
  /** The account was created after the request was sent: made for this, so who holds it is unknown. */
  warning: boolean;
}
