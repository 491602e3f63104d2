// What the registers, section attendance and nudge calls answer.
import type { StoredRsvpStatus } from '../constants';
import type { RatioRule } from '../leader-ratio';
import type { EventRatio } from './leader-checks';
import type { SectionRole } from './sections';

/** A register's mark for one member at one meeting. */
export type RegisterStatus = 'present' | 'late' | 'excused' | 'absent';

/** One line of an event's register: someone expected (a section member, anyone who replied) or marked. */
export interface RegisterLine {
  user: { id: number; name: string };
  /** Their place in the event's section; null for an event of the whole organisation or someone outside it. */
  role: SectionRole | null;
  /** Their reply to the event; null: no reply. */
  reply: StoredRsvpStatus | null;
  /** The mark; null: not marked yet. */
  status: RegisterStatus | null;
  /** Whether the mark came from a scanned pass (check-in) rather than a leader. */
  checkedIn: boolean;
  /** Younger than the organisation's consent age today (counted in the ratio). */
  minor: boolean;
  /** An adult whose required leader checks are current today (counted as a leader in the ratio). */
  clearedLeader: boolean;
}

/** GET and PUT /api/events/{id}/register. */
export interface EventRegister {
  eventId: number;
  sectionId: number | null;
  lines: RegisterLine[];
  totals: Record<RegisterStatus | 'unmarked', number>;
  /** The ratio of those marked present or late: cleared leaders there against minors there. */
  ratio: EventRatio;
  /** The organisation's rule, so a register counts the ratio live while marks are changed before saving. */
  rule: RatioRule;
}

/** A member's meetings in a section's attendance report. */
export interface AttendanceMember {
  user: { id: number; name: string };
  role: SectionRole | null;
  /** Meetings in the range whose register was taken, since the member joined the section. */
  events: number;
  present: number;
  late: number;
  excused: number;
  /** Marked absent, or not on a taken register at all. */
  absent: number;
  /** (present + late) / (events − excused), rounded to 3 places; null when nothing counts. */
  rate: number | null;
}

/** A meeting in a section's attendance report. */
export interface AttendanceEvent {
  id: number;
  name: string;
  date: string;
  /** People there: marked present or late. */
  present: number;
  /** Of those there, the minors (younger than the consent age on the meeting's day). */
  minors: number;
  /** Of those there, the section's leaders. */
  leaders: number;
}

/** GET /api/sections/{id}/attendance. */
export interface SectionAttendance {
  from: string;
  to: string;
  members: AttendanceMember[];
  events: AttendanceEvent[];
}

/** POST /api/events/{id}/nudge. */
export interface NudgeResult {
  /** Members reminded now (their guardians get copies besides). */
  count: number;
}
