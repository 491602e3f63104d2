// What the API answers about events: lists, details, previews, questions and cards.
import type {
  AttendanceStatus,
  MembershipMode,
  MonthlyBy,
  QuestionKind,
  RecurrenceFrequency,
  StoredRsvpStatus,
} from '../constants';
import type { EventTexts } from '../event-texts';
import type { EventFee, MyPayment, PaymentMode, PaymentTotals } from './payments';

/**
 * GET /api/events/{id}/preview: what a visitor sees of a public upcoming event before signing in (never its place
 * or description).
 */
export interface EventPreview {
  id: number;
  name: string;
  date: string;
  timeZone: string;
  imageUrl: string;
  /** The organiser's words for outsiders; null: none. */
  publicSummary: string | null;
  /** The creator's first name only (a minor's full name is never shown); null when the account was erased. */
  hostFirstName: string | null;
  /** People going (members and their guests). */
  attendingCount: number;
  /** How a newcomer gets in: "approval" makes the call to action "Ask to join". */
  membershipMode: MembershipMode;
}

/**
 * GET /api/events/{id}/host: who organises the event, as the viewer may see them (a minor creator reads as
 * "Maria S." to other members, with a picture only under photo consent "full").
 */
export interface EventHost {
  id: number;
  name: string;
  avatarUrl: string | null;
}

/** The event's optional texts (shared/event-texts.ts) are fields of it, null when none. */
export interface EventSummary extends EventTexts {
  id: number;
  name: string;
  description: string;
  date: string;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  creatorId: number;
  /** People attending: members and the guests they bring. */
  attendingCount: number;
  /** People (members and guests) who may attend; null: no limit. */
  capacity: number | null;
  /** Extra people each member may bring (0–5). */
  guestsAllowed: number;
  /** After this (ISO date-time) only the creator and admins may change RSVPs; null: open until the event. */
  rsvpClosesAt: string | null;
  /** The organiser asked for a message about new RSVPs (at most one an hour); for the edit form. */
  rsvpDigest: boolean;
  /** Members under the consent age attend only once a guardian approves (their spot is held meanwhile). */
  requiresGuardianApproval: boolean;
  /** The IANA zone the event happens in (Europe/Berlin): its local time is shown in this zone. */
  timeZone: string;
  /** The section the event belongs to (GET /api/sections names it); null: the whole organisation. */
  sectionId: number | null;
  /** Grows with every edit that changes what a calendar shows (the iCalendar SEQUENCE). */
  sequence: number;
  /** capacity − attendingCount, never below 0; null without a capacity. */
  spotsLeft: number | null;
  /** Members on the waitlist. */
  waitlistCount: number;
  /** Members who answered maybe. */
  maybeCount: number;
  /** The caller's own RSVP, so lists need no request per event. */
  myStatus: Exclude<AttendanceStatus, 'not_authenticated'>;
  /** Guests the caller brings (0 unless attending or waitlisted). */
  myGuests: number;
  /** The caller's place on the waitlist (1 = next), or null when not waitlisted. */
  myWaitlistPosition: number | null;
  /** The recurring series this occurrence belongs to; null for a one-off event. */
  seriesId: number | null;
  /** How the series repeats (for "Repeats weekly"); null for a one-off event. */
  repeats: EventRepeats | null;
  /** The fee each member pays; null: free. */
  fee: EventFee | null;
  /** pay_to_confirm holds a place until paid; pay_later confirms at once and the payment is owed. */
  paymentMode: PaymentMode;
}

/** A series' rule as an occurrence shows it. */
export interface EventRepeats {
  frequency: RecurrenceFrequency;
  monthlyBy: MonthlyBy | null;
}

/** An answer's value: text, long_text, single and date a string; multi a list; checkbox a boolean; number a number. */
export type AnswerValue = string | number | boolean | string[];
/** Answers by question id. */
export type AnswerValues = Record<string, AnswerValue>;

/**
 * GET /api/events/{id}: the event, with the viewer's own answers to its registration questions (always there, {}
 * when none; optional only because events from the list are shown with the same components).
 */
export type EventDetail = EventSummary & {
  myAnswers?: AnswerValues;
  /**
   * The viewer may take the event's register (PUT /api/events/{id}/register): they manage the event or it names
   * them among its leaders. Always there in the details; absent in the list.
   */
  mayTakeRegister?: boolean;
  /** On an event with a fee: the viewer's payment (null: they owe nothing, not attending). */
  myPayment?: MyPayment | null;
  /** On an event with a fee, for its organisers: the sums of its payments. */
  payments?: PaymentTotals;
};

/** A registration question (GET and PUT /api/events/{id}/questions). */
export interface RegistrationQuestion {
  id: number;
  label: string;
  kind: QuestionKind;
  /** The choices of a single or multi question; absent otherwise. */
  options?: string[];
  required: boolean;
  /** Only the event's leaders read its answers (each read audited); deleted some days after the event. */
  sensitive: boolean;
}

/** GET /api/events/{id}/answers: the managers' view (sensitive answers only for the event's leaders). */
export interface EventAnswers {
  questions: RegistrationQuestion[];
  attendees: Array<{ user: { id: number | null; name: string }; status: StoredRsvpStatus; answers: AnswerValues }>;
}

/** GET /api/events?when=upcoming|past&limit=N&cursor=C: a page, and the cursor of the next (null: the last page). */
export interface EventsPage {
  events: EventSummary[];
  nextCursor: string | null;
}

/** POST /api/images: the stored cover photo; `imageUrl` goes into an event's imageUrl. */
export interface UploadedImage {
  /** /api/images/<id> (the 960 px variant); /api/images/<id>/<480|960|1600>.webp for a srcset. */
  imageUrl: string;
  /** Of the largest stored variant, after rotating the photo upright. */
  width: number;
  height: number;
}

/** What an event card shows: read without a viewer, the same for everyone in the chat. */
export interface CardEvent {
  id: number;
  name: string;
  date: Date;
  /** The IANA zone the event happens in; null: the organisation's (its timeZone setting). */
  timeZone: string | null;
  location: string;
  imageUrl: string;
  isPublic: boolean;
  capacity: number | null;
  /** Members and their guests attending. */
  attendingPeople: number;
}
