// A section's attendance, from the registers of its meetings: for its leaders and admins (403 for anyone else,
// leaders of other sections included). A meeting counts once its register was taken (one mark or more); a member
// who was in the section at the time and has no mark counts as absent, as a leader who marks those who came
// expects. Days are calendar days in the organisation's zone; a member's age is their age on the meeting's day.
import { ageOn, calendarDay, isMinorOn } from '../../../../shared/age';
import { forbidden, invalid, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import { byShownName } from '../../../../shared/minor-names';
import { REGISTER_LIMITS } from '../../../../shared/schemas/registers';
import type { AttendanceMember, RegisterStatus, SectionAttendance } from '../../../../shared/types/registers';
import { instantFromWallTime } from '../../../../shared/time-zones';
import type { AppDeps } from '../../deps';
import { csvDocument } from '../../lib/csv';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { Viewer } from '../users/viewer';
import * as repo from './attendance-repository';
import { findSection, leadsSection } from './sections-repository';

const DAY_MS = 86_400_000;
/** Without ?from=, the report starts this many days before `to` (about one school term). */
const DEFAULT_DAYS = 90;

/** The funders' age bands, by age on the meeting's day; the last one is for members with no birth date. */
export const AGE_BANDS = [
  { label: 'Under 11', below: 11 },
  { label: '11-13', below: 14 },
  { label: '14-17', below: 18 },
  { label: '18 and over', below: Infinity },
] as const;

const THERE: ReadonlySet<RegisterStatus> = new Set(['present', 'late']);

const birthDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const startOfDay = (day: string, zone: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return instantFromWallTime({ year, month, day: date, hour: 0, minute: 0 }, zone);
};

interface Meeting {
  id: number;
  name: string;
  date: Date;
  day: string;
  taken: boolean;
  there: repo.PersonRow[];
  late: number;
  excused: number;
  absent: number;
}

export function createAttendanceService(deps: Pick<AppDeps, 'config' | 'prisma' | 'now'>) {
  const { prisma } = deps;

  async function assertMayRead(viewer: Viewer, sectionId: number): Promise<void> {
    if (!(await findSection(prisma, sectionId))) throw notFound(MSG.sectionNotFound);
    if (!viewer.isAdmin && !(await leadsSection(prisma, viewer.id, sectionId))) throw forbidden(MSG.sectionLeadersOnly);
  }

  /** The range asked for, checked: `to` defaults to today, `from` to 90 days before `to`. */
  function rangeOf(query: { from?: string; to?: string }, zone: string) {
    const to = query.to ?? calendarDay(deps.now(), zone);
    const from = query.from ?? addDays(to, -DEFAULT_DAYS);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (days < 0 || days > REGISTER_LIMITS.rangeDays) throw invalid(MSG.attendanceRangeInvalid);
    return { from, to, start: startOfDay(from, zone), end: startOfDay(addDays(to, 1), zone) };
  }

  async function compute(viewer: Viewer, sectionId: number, query: { from?: string; to?: string }) {
    await assertMayRead(viewer, sectionId);
    const settings = await readOrganisationSettings(deps);
    const range = rangeOf(query, settings.timeZone);
    const meetingRows = await repo.meetingsOf(prisma, sectionId, range.start, range.end);
    const marks = await repo.marksAt(
      prisma,
      meetingRows.map((row) => row.id),
    );
    const people = await repo.peopleOf(prisma, sectionId, [...new Set(marks.map((mark) => mark.userId))]);
    const byEvent = new Map<number, Map<number, RegisterStatus>>();
    for (const mark of marks) {
      const forEvent = byEvent.get(mark.eventId) ?? new Map<number, RegisterStatus>();
      forEvent.set(mark.userId, mark.status);
      byEvent.set(mark.eventId, forEvent);
    }
    const tally = new Map<number, AttendanceMember>(
      people.map((person) => [
        person.id,
        {
          user: { id: person.id, name: person.name },
          role: person.role,
          events: 0,
          present: 0,
          late: 0,
          excused: 0,
          absent: 0,
          rate: null,
        },
      ]),
    );
    const meetings: Meeting[] = meetingRows.map((row) => {
      const marked = byEvent.get(row.id) ?? new Map<number, RegisterStatus>();
      const meeting: Meeting = {
        id: row.id,
        name: row.name,
        date: row.date,
        day: calendarDay(row.date, row.timeZone ?? settings.timeZone),
        taken: marked.size > 0,
        there: [],
        late: 0,
        excused: 0,
        absent: 0,
      };
      if (!meeting.taken) return meeting;
      for (const person of people) {
        const status = marked.get(person.id) ?? (person.joinedAt && person.joinedAt <= row.date ? 'absent' : null);
        if (!status) continue;
        const line = tally.get(person.id)!;
        line.events += 1;
        line[status] += 1;
        if (THERE.has(status)) meeting.there.push(person);
        if (status !== 'present') meeting[status] += 1;
      }
      return meeting;
    });
    const rank = (line: AttendanceMember) => (line.role === 'leader' ? 0 : line.role === 'member' ? 1 : 2);
    const members = [...tally.values()]
      .map((line) => {
        const counted = line.events - line.excused;
        const rate = counted > 0 ? Math.round(((line.present + line.late) / counted) * 1000) / 1000 : null;
        return { ...line, rate };
      })
      .sort((a, b) => rank(a) - rank(b) || byShownName(a.user, b.user));
    return { range, meetings, members, consentAge: settings.consentAge };
  }

  const isMinor = (person: repo.PersonRow, day: string, consentAge: number) => {
    const born = birthDay(person.birthDate);
    return born !== null && isMinorOn(born, day, consentAge);
  };

  /** GET /api/sections/{id}/attendance?from=&to=. */
  async function report(
    viewer: Viewer,
    sectionId: number,
    query: { from?: string; to?: string },
  ): Promise<SectionAttendance> {
    const { range, meetings, members, consentAge } = await compute(viewer, sectionId, query);
    return {
      from: range.from,
      to: range.to,
      members,
      events: meetings.map((meeting) => ({
        id: meeting.id,
        name: meeting.name,
        date: meeting.date.toISOString(),
        present: meeting.there.length,
        minors: meeting.there.filter((person) => isMinor(person, meeting.day, consentAge)).length,
        leaders: meeting.there.filter((person) => person.role === 'leader').length,
      })),
    };
  }

  /**
   * GET /api/sections/{id}/attendance.csv: the register funders ask for, one row per meeting with those there
   * counted by age band (age on the meeting's day), and the late, excused and absent beside them. Counts only: no
   * member is named.
   */
  async function csv(viewer: Viewer, sectionId: number, query: { from?: string; to?: string }) {
    const { range, meetings, consentAge } = await compute(viewer, sectionId, query);
    const header = [
      'Date',
      'Meeting',
      'Register taken',
      'Present',
      ...AGE_BANDS.map((band) => band.label),
      'Age unknown',
      'Minors',
      'Leaders',
      'Of them late',
      'Excused',
      'Absent',
    ];
    const rows = meetings.map((meeting) => {
      const bands = AGE_BANDS.map(() => 0);
      let unknown = 0;
      for (const person of meeting.there) {
        const born = birthDay(person.birthDate);
        if (born === null) unknown += 1;
        else bands[AGE_BANDS.findIndex((band) => ageOn(born, meeting.day) < band.below)]! += 1;
      }
      return [
        meeting.day,
        meeting.name,
        meeting.taken ? 'Yes' : 'No',
        meeting.there.length,
        ...bands,
        unknown,
        meeting.there.filter((person) => isMinor(person, meeting.day, consentAge)).length,
        meeting.there.filter((person) => person.role === 'leader').length,
        meeting.late,
        meeting.excused,
        meeting.absent,
      ].map(String);
    });
    return {
      filename: `attendance-section-${sectionId}-${range.from}-to-${range.to}.csv`,
      body: csvDocument([header, ...rows]),
    };
  }

  return { report, csv };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
