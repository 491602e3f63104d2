// Leaders and their checks. Admins record a member's checks (background check, safeguarding training, first aid);
// a member is a cleared leader while every check the organisation requires is current (through its expiry day, in
// the organisation's zone). An event's managers name its leaders (cleared adults only) and see its
// adult-to-youth ratio, which warns and never blocks. The scan, run with the event reminders, tells members and
// admins 30 and 7 days before a check runs out, audits a lapse once, and tells an event's managers once when it
// still lacks leaders 48 hours before it starts.
import { calendarDay } from '../../../../shared/age';
import { ratioOf, type RatioRule } from '../../../../shared/leader-ratio';
import { invalid, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { LeaderCheckInput, LeaderCheckKind } from '../../../../shared/schemas/leader-checks';
import type {
  EventLeaders,
  ExpiringCheck,
  LeaderCandidate,
  LeaderCheck,
  MemberChecks,
  MemberChecksStanding,
} from '../../../../shared/types/leader-checks';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import type { EventAccess } from '../events/event-access';
import { cutoffOn } from '../minors/minors-service';
import { birthDateText } from '../minors/minors-repository';
import { readOrganisationSettings } from '../organisation/organisation-service';
import type { Viewer } from '../users/viewer';
import * as repo from './leader-checks-repository';
import { queueCheckReminder, queueLeaderShortfall } from './leader-messages';
import { addDays, clearedBy, daysBetween, SHORTFALL_NOTICE_MS, standingOf, toCheck } from './leader-standing';

export function createLeadersService(deps: AppDeps, { access }: { access: Pick<EventAccess, 'managedRecord'> }) {
  const { prisma } = deps;

  /** Today in the organisation's zone, the settings in force and the age cutoff. */
  async function context(now = deps.now()) {
    const settings = await readOrganisationSettings(deps);
    const at = await cutoffOn(deps, now);
    return { settings, today: calendarDay(now, settings.timeZone), bornAfter: at.bornAfter };
  }

  async function existingMember(id: number) {
    const member = await repo.findMember(prisma, id);
    if (!member) throw notFound(MSG.memberNotFound);
    return member;
  }

  /** GET /api/admin/members/{id}/checks (admins). */
  async function memberChecks(memberId: number): Promise<MemberChecks> {
    await existingMember(memberId);
    const { settings, today } = await context();
    const checks = (await repo.checksOf(prisma, [memberId])).map((row) => toCheck(row, today));
    const standing = standingOf(checks, settings.requiredLeaderChecks);
    return {
      cleared: clearedBy(checks, settings.requiredLeaderChecks),
      lapsed: standing?.lapsed ?? false,
      nextExpiry: standing?.nextExpiry ?? null,
      checks,
      required: settings.requiredLeaderChecks,
    };
  }

  /** POST /api/admin/members/{id}/checks (admins): audited leader_check.added. */
  async function addCheck(actor: Viewer, memberId: number, input: LeaderCheckInput): Promise<LeaderCheck> {
    await existingMember(memberId);
    const { today } = await context();
    const row = await prisma.$transaction(async (tx) => {
      const created = await repo.createCheck(tx, {
        userId: memberId,
        kind: input.kind,
        reference: input.reference ?? null,
        completedOn: input.completedOn,
        expiresOn: input.expiresOn,
        addedById: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'leader_check.added',
        subject: { type: 'member', id: memberId },
        details: { checkId: created.id, kind: input.kind, expiresOn: input.expiresOn },
      });
      return created;
    });
    return toCheck(row, today);
  }

  /** DELETE /api/admin/members/{id}/checks/{checkId} (admins): audited leader_check.removed. */
  async function removeCheck(actor: Viewer, memberId: number, checkId: number): Promise<void> {
    await existingMember(memberId);
    await prisma.$transaction(async (tx) => {
      const removed = await repo.deleteCheck(tx, memberId, checkId);
      if (!removed) throw notFound(MSG.leaderCheckNotFound);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'leader_check.removed',
        subject: { type: 'member', id: memberId },
        details: { checkId, kind: removed.kind, expiresOn: repo.dayOf(removed.expiresOn) },
      });
    });
  }

  /** GET /api/admin/checks/expiring?days= (admins): checks running out from today through `days` ahead. */
  async function expiring(days: number): Promise<ExpiringCheck[]> {
    const { today } = await context();
    const rows = await repo.expiringChecks(prisma, today, addDays(today, days));
    return rows.map((row) => {
      const check = toCheck(row, today);
      return {
        ...check,
        member: { id: row.userId, name: row.userName },
        daysLeft: daysBetween(today, check.expiresOn),
      };
    });
  }

  /** The standing of each of `userIds` who holds checks (the admins' members list). */
  async function standings(userIds: number[]): Promise<Map<number, MemberChecksStanding | null>> {
    const { settings, today } = await context();
    const byUser = new Map<number, LeaderCheck[]>();
    for (const row of await repo.checksOf(prisma, userIds)) {
      byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), toCheck(row, today)]);
    }
    return new Map(userIds.map((id) => [id, standingOf(byUser.get(id) ?? [], settings.requiredLeaderChecks)]));
  }

  /** Which of the users are cleared adult leaders today. */
  async function clearedAdults(
    users: Array<{ id: number; birthDate: Date | null }>,
    ctx: Awaited<ReturnType<typeof context>>,
  ): Promise<Set<number>> {
    const checks = await repo.checksOf(
      prisma,
      users.map((user) => user.id),
    );
    const cleared = new Set<number>();
    for (const user of users) {
      const birthDate = birthDateText(user.birthDate);
      // Without a birth date nobody is taken for a minor, as everywhere else.
      if (birthDate !== null && birthDate > ctx.bornAfter) continue;
      const own = checks.filter((row) => row.userId === user.id).map((row) => toCheck(row, ctx.today));
      if (clearedBy(own, ctx.settings.requiredLeaderChecks)) cleared.add(user.id);
    }
    return cleared;
  }

  /**
   * Of these people, the minors and the cleared adult leaders today, and the organisation's ratio rule: what a
   * register needs to count its live ratio from who is marked there.
   */
  async function ratioFacts(
    users: Array<{ id: number; birthDate: Date | null }>,
  ): Promise<{ minors: Set<number>; cleared: Set<number>; rule: RatioRule }> {
    const ctx = await context();
    const minors = users.filter((user) => {
      const birthDate = birthDateText(user.birthDate);
      return birthDate !== null && birthDate > ctx.bornAfter;
    });
    const { minLeadersPerEvent, youthPerLeader } = ctx.settings;
    return {
      minors: new Set(minors.map((user) => user.id)),
      cleared: await clearedAdults(users, ctx),
      rule: { minLeadersPerEvent, youthPerLeader },
    };
  }

  /** Whether the member is named to lead the event: they may take its register, and nothing more of its tools. */
  const namedOn = (eventId: number, userId: number): Promise<boolean> => repo.isEventLeader(prisma, eventId, userId);

  async function leadersView(eventId: number): Promise<EventLeaders> {
    const ctx = await context();
    const leaders = (await repo.eventLeaders(prisma, eventId)).filter(
      (user) => user.status === 'active' && user.deletedAt === null,
    );
    const cleared = await clearedAdults(leaders, ctx);
    const minors = await repo.countAttendingMinors(prisma, eventId, ctx.bornAfter);
    return {
      leaderIds: leaders.map((user) => user.id),
      leaders: leaders.map((user) => ({ id: user.id, name: user.name, cleared: cleared.has(user.id) })),
      ratio: ratioOf(cleared.size, minors, ctx.settings),
    };
  }

  /** GET /api/events/{id}/leaders: the event's managers (its creator, its section's leaders, admins). */
  async function eventLeaders(viewer: Viewer, eventId: number): Promise<EventLeaders> {
    await access.managedRecord(viewer, eventId, MSG.onlyOrganisers);
    return leadersView(eventId);
  }

  /**
   * PUT /api/events/{id}/leaders: the managers name the event's leaders, all of them; only cleared adult leaders
   * (400 naming the others). Audited event.leaders_changed.
   */
  async function setEventLeaders(viewer: Viewer, eventId: number, userIds: number[]): Promise<EventLeaders> {
    await access.managedRecord(viewer, eventId, MSG.onlyOrganisers);
    const ctx = await context();
    const members = await repo.activeMembers(prisma, userIds);
    const cleared = await clearedAdults(members, ctx);
    const refused = userIds.filter((id) => !cleared.has(id));
    if (refused.length) {
      const names = new Map(members.map((member) => [member.id, member.name]));
      const named = refused.slice(0, 10).map((id) => (names.has(id) ? `${names.get(id)} (${id})` : String(id)));
      throw invalid(MSG.eventLeadersNotCleared({ names: `${named.join(', ')}${refused.length > 10 ? ', …' : ''}` }));
    }
    await prisma.$transaction(async (tx) => {
      await repo.setEventLeaders(tx, eventId, userIds);
      await recordAudit(tx, {
        actorId: viewer.id,
        action: 'event.leaders_changed',
        subject: { type: 'event', id: eventId },
        details: { leaders: userIds.join(',') },
      });
    });
    return leadersView(eventId);
  }

  /** Reminders 30 and 7 days ahead (one each; within 7 days only the 7-day one), and lapses audited once. */
  async function scanChecks(now: Date): Promise<void> {
    const { settings, today } = await context(now);
    await prisma.$transaction(async (tx) => {
      const due = await repo.lockDueChecks(tx, today);
      if (!due.length) return;
      const admins = await repo.activeAdminIds(tx);
      for (const check of due) {
        const expiresOn = repo.dayOf(check.expiresOn);
        const left = daysBetween(today, expiresOn);
        const marks: { reminded30?: Date; reminded7?: Date; lapsed?: Date } = {};
        // A renewed check is not news, and a reminder missed by more than its window (a check recorded late,
        // a scan down for days) goes as the nearer one or not at all.
        if (!check.reminded7 && left <= 7) {
          if (left >= 0 && !check.renewed)
            await queueCheckReminder(tx, deps, { ...check, expiresOn }, { days: 7, left }, admins, now);
          marks.reminded7 = now;
          marks.reminded30 = check.reminded30 ? undefined : now;
        } else if (!check.reminded30 && left <= 30) {
          if (!check.renewed)
            await queueCheckReminder(tx, deps, { ...check, expiresOn }, { days: 30, left }, admins, now);
          marks.reminded30 = now;
        }
        if (!check.lapsed && left < 0) {
          marks.lapsed = now;
          if (!check.renewed && settings.requiredLeaderChecks.includes(check.kind as LeaderCheckKind)) {
            await recordAudit(tx, {
              actorId: null,
              action: 'leader.lapsed',
              subject: { type: 'member', id: check.userId },
              details: { checkId: check.id, kind: check.kind, expiresOn },
            });
          }
        }
        await repo.markCheck(tx, check.id, marks);
      }
    });
  }

  /** The window and the rule the shortfall queries read, as of `now`. */
  async function shortfallRule(now: Date): Promise<repo.ShortfallRule> {
    const { settings, today, bornAfter } = await context(now);
    return {
      from: now,
      until: new Date(now.getTime() + SHORTFALL_NOTICE_MS),
      today,
      bornAfter,
      required: settings.requiredLeaderChecks,
      minLeadersPerEvent: settings.minLeadersPerEvent,
      youthPerLeader: settings.youthPerLeader,
    };
  }

  /**
   * Events starting within 48 hours with minors attending and too few cleared leaders: their managers (creator
   * and section leaders), once per event and date. The one query finds them all with their figures.
   */
  async function scanEvents(now: Date): Promise<void> {
    const rule = await shortfallRule(now);
    for (const event of await repo.unnoticedShortfalls(prisma, rule)) {
      const ratio = ratioOf(event.leaders, event.minors, rule);
      const managers = new Set([event.creatorId]);
      if (event.sectionId !== null)
        for (const id of await repo.sectionLeaderIds(prisma, event.sectionId)) managers.add(id);
      await prisma.$transaction(async (tx) => {
        if (!(await repo.markShortfallNoticed(tx, event.id, event.date, now))) return;
        await queueLeaderShortfall(tx, deps, event, ratio, [...managers], now);
      });
    }
  }

  /**
   * "Needs you": events in the next 48 hours with minors attending and too few cleared leaders that the viewer
   * runs (admins: all; others: their own and their sections'), soonest first.
   */
  async function shortOfLeaders(viewer: Viewer): Promise<{ count: number; eventId: number | null }> {
    return repo.shortOfLeaders(prisma, await shortfallRule(deps.now()), viewer);
  }

  /** GET /api/events/{id}/leaders/candidates: the cleared adult leaders an event's managers may name, names only. */
  async function candidates(viewer: Viewer, eventId: number): Promise<LeaderCandidate[]> {
    await access.managedRecord(viewer, eventId, MSG.onlyOrganisers);
    const { settings, today, bornAfter } = await context();
    return repo.clearedLeaders(prisma, { today, bornAfter, required: settings.requiredLeaderChecks });
  }

  /** The scan the delivery worker runs with the event reminders. */
  async function scanDue(now: Date): Promise<void> {
    await scanChecks(now);
    await scanEvents(now);
  }

  return {
    memberChecks,
    addCheck,
    removeCheck,
    expiring,
    standings,
    eventLeaders,
    setEventLeaders,
    candidates,
    shortOfLeaders,
    ratioFacts,
    namedOn,
    scanDue,
  };
}

export type LeadersService = ReturnType<typeof createLeadersService>;
