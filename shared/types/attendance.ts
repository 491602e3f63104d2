// What the API answers about replies, attendee lists, passes, check-in and messages to attendees.
import type {
  AttendanceStatus,
  GuardianConsentState,
  PermissionSlipStatus,
  PhotoConsent,
  StoredRsvpStatus,
} from '../constants';
import type { AttendeePayment } from './payments';

/** GET /api/events/{id}/attendance */
export interface AttendanceResponse {
  status: Exclude<AttendanceStatus, 'not_authenticated'>;
  guests: number;
  /** Only when waitlisted: 1 = next to be promoted. */
  waitlistPosition?: number;
  /** The organiser checked the member in at the door. */
  checkedIn: boolean;
}

/** POST /api/events/{id}/attend */
export interface AttendResponse {
  /** 'waitlisted' when 'attending' was asked of a full event. */
  status: StoredRsvpStatus;
  guests: number;
  /** Only when waitlisted. */
  waitlistPosition?: number;
  attendingCount: number;
  spotsLeft: number | null;
  waitlistCount: number;
}

/**
 * One entry of the attendee list. A member who hid their name appears to other members as
 * `{ id: null, name: '1 more member', avatarUrl: null, hidden: true, ... }`; organisers (and the member
 * themself) see who it is. Nobody's email or phone is ever in it.
 */
export interface Attendee {
  id: number | null;
  name: string;
  /** The member's Google or Telegram picture (https), or null: the web app shows initials then. */
  avatarUrl: string | null;
  status: StoredRsvpStatus;
  guests: number;
  /** When waitlisted: the place on the waitlist. */
  waitlistPosition?: number;
  /** The member asked to hide their name from other members. */
  hidden?: true;
  /** Organisers only: checked in at the door, and when the member last answered. */
  checkedIn?: boolean;
  respondedAt?: string;
  /** Organisers only: younger than the organisation's consent age (others see a minor as "Maria S."). */
  isMinor?: boolean;
  /** Organisers only: where a guardian's consent stands ('not_needed' for adults). */
  guardianConsent?: GuardianConsentState;
  /** Organisers only: the guardian's answer for this event, or null when none was asked. */
  permissionSlip?: PermissionSlipStatus | null;
  /** Organisers only: what a guardian allows for the member's photo ('none' until a guardian says). */
  photoConsent?: PhotoConsent;
  /**
   * On an event with a fee: the member's payment (a waived fee reads "paid" to everyone but organisers). Left out
   * on a free event and for hidden members.
   */
  payment?: AttendeePayment;
}

/** GET /api/events/{id}/pass: the member's event pass, a QR code the organiser scans. */
export interface EventPass {
  token: string;
  /** An SVG image of the QR code carrying `token`. */
  qrSvg: string;
}

/** POST /api/events/{id}/check-in and DELETE /api/events/{id}/check-in/{userId} */
export interface CheckInResponse {
  userId: number;
  name: string;
  guests: number;
  checkedIn: boolean;
  checkedInAt: string | null;
  /** POST only: the member had been checked in before (a second scan). */
  alreadyCheckedIn?: boolean;
}

/** POST /api/events/{id}/messages */
export interface EventMessageResponse {
  recipients: number;
}
