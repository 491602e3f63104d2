// A meeting's register: the event's managers (its creator while they may create events, admins, the leaders of
// its section) and the leaders the event names see who is expected and mark each one present, late, excused or
// absent. A named leader gets the register and nothing else of the organiser's tools. A scanned pass marks
// "present" on its own (a database trigger). Every save is audited (register.saved).
import { invalid } from '../../../../shared/errors';
import { ratioOf, type RatioRule } from '../../../../shared/leader-ratio';
import { MSG } from '../../../../shared/messages';
import { byShownName } from '../../../../shared/minor-names';
import type { RegisterInput } from '../../../../shared/schemas/registers';
import type { EventRegister, RegisterStatus } from '../../../../shared/types/registers';
import type { AppDeps } from '../../deps';
import { idList } from '../../lib/id-list';
import { recordAudit } from '../audit/audit-repository';
import type { Viewer } from '../users/viewer';
import type { EventAccess } from './event-access';
import { findVisibleRecord, type EventRecord } from './events-repository';
import * as repo from './register-repository';

const ROLE_ORDER = { leader: 0, member: 1 } as const;

/**
 * What the register asks of the leaders module (above this one): who is a minor, who a cleared leader, the rule,
 * and whether a member is named to lead the event.
 */
export interface RatioFactsPort {
  ratioFacts(
    users: Array<{ id: number; birthDate: Date | null }>,
  ): Promise<{ minors: Set<number>; cleared: Set<number>; rule: RatioRule }>;
  /** Asked on every request, so that a leader taken off the event loses the register at once. */
  namedOn(eventId: number, userId: number): Promise<boolean>;
}

export function createRegisterService(
  deps: Pick<AppDeps, 'prisma' | 'now'>,
  access: EventAccess,
  leaders: RatioFactsPort,
) {
  const { prisma } = deps;

  /**
   * The event when the viewer may take its register: a leader it names (who sees it, as the visibility rule says),
   * else its managers (managedRecord's 404 and 403 for everyone else).
   */
  async function managed(viewer: Viewer, id: number): Promise<EventRecord> {
    if (await leaders.namedOn(id, viewer.id)) {
      const event = await findVisibleRecord(prisma, viewer, id);
      if (event) return event;
    }
    return access.managedRecord(viewer, id, MSG.onlyOrganisers);
  }

  /** Leaders first, then members, then the others who replied; by name within each. */
  async function read(eventId: number, sectionId: number | null): Promise<EventRegister> {
    const rows = await repo.registerRows(prisma, eventId, sectionId);
    const totals = { present: 0, late: 0, excused: 0, absent: 0, unmarked: 0 };
    for (const row of rows) totals[row.status ?? 'unmarked'] += 1;
    const facts = await leaders.ratioFacts(rows.map((row) => ({ id: row.userId, birthDate: row.birthDate })));
    const there = rows.filter((row) => row.status === 'present' || row.status === 'late').map((row) => row.userId);
    const ratio = ratioOf(
      there.filter((id) => facts.cleared.has(id)).length,
      there.filter((id) => facts.minors.has(id)).length,
      facts.rule,
    );
    const rank = (row: repo.RegisterRow) => (row.role ? ROLE_ORDER[row.role] : 2);
    const lines = rows
      .sort((a, b) => rank(a) - rank(b) || byShownName({ id: a.userId, name: a.name }, { id: b.userId, name: b.name }))
      .map((row) => ({
        user: { id: row.userId, name: row.name },
        role: row.role,
        reply: row.reply,
        status: row.status,
        checkedIn: row.source === 'check_in',
        minor: facts.minors.has(row.userId),
        clearedLeader: facts.cleared.has(row.userId),
      }));
    return { eventId, sectionId, lines, totals, ratio, rule: facts.rule };
  }

  /** GET /api/events/{id}/register. */
  async function get(viewer: Viewer, id: number): Promise<EventRegister> {
    const event = await managed(viewer, id);
    return read(event.id, event.sectionId);
  }

  /**
   * PUT /api/events/{id}/register: the marks given (others keep theirs). Only members who may come to the event
   * can be marked (400 naming the others).
   */
  async function save(viewer: Viewer, id: number, input: RegisterInput): Promise<EventRegister> {
    const event = await managed(viewer, id);
    const ids = input.entries.map((entry) => entry.userId);
    const allowed = await repo.registrable(prisma, event.id, ids);
    const refused = ids.filter((userId) => !allowed.has(userId));
    if (refused.length) throw invalid(MSG.registerNotInAudience({ ids: idList(refused) }));
    const counts: Record<RegisterStatus, number> = { present: 0, late: 0, excused: 0, absent: 0 };
    for (const entry of input.entries) counts[entry.status] += 1;
    await prisma.$transaction(async (tx) => {
      await repo.saveMarks(tx, event.id, input.entries, deps.now());
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'register.saved',
        subject: { type: 'event', id: event.id },
        details: { entries: input.entries.length, ...counts },
      });
    });
    return read(event.id, event.sectionId);
  }

  return { get, save };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
