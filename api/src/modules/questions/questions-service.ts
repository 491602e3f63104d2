// Registration questions: the event's managers set them, anyone who may see the event reads them, members
// answer them with their reply (the events module's RSVP path asks registrationAnswers), the managers read the
// answers and export them. Answers to sensitive questions are read only by the event's leaders (its creator
// while they may run events, and admins: the managers), each read audited without the answers' text, and
// deleted SENSITIVE_ANSWERS_DAYS after the event (purgeDue, on the worker's scan).
import { conflict, DomainError, invalid, invalidWith, notFound } from '../../../../shared/errors';
import { MSG } from '../../../../shared/messages';
import type { AnswersInput, AnswersUpdateInput, QuestionInput } from '../../../../shared/schemas/questions';
import type { AnswerValue, AnswerValues, EventAnswers, RegistrationQuestion } from '../../../../shared/types';
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { SensitiveAnswer } from '../../../../shared/care';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit/audit-repository';
import { mayManage, type EventAccess } from '../events/event-access';
import { findOwnReply, listAttendees } from '../events/attendance-repository';
import type { RsvpService } from '../events/rsvp-service';
import type { RegistrationAnswers } from '../events/registration-answers';
import { childViewersOf } from '../minors/minors-repository';
import type { MinorsService } from '../minors/minors-service';
import type { Viewer } from '../users/viewer';
import { answerCell, isAnswered, judgeValue } from './answer-rules';
import * as repo from './questions-repository';

/** Records that a leader read `count` sensitive answers of the event (never what they said). */
async function auditSensitiveRead(
  deps: Pick<AppDeps, 'prisma'>,
  viewer: Viewer,
  eventId: number,
  count: number,
  via: 'answers' | 'csv' | 'care',
) {
  await recordAudit(deps.prisma, {
    actorId: viewer.id,
    action: 'answers.sensitive_viewed',
    subject: { type: 'event', id: eventId },
    details: { eventId, count, via },
  });
}

/** The events module's port: answers judged with a reply and the CSV's columns. */
export function createRegistrationAnswers(deps: Pick<AppDeps, 'prisma'>): RegistrationAnswers {
  const { prisma } = deps;
  return {
    async check(eventId: number, userId: number, status: StoredRsvpStatus, answers: AnswersInput | undefined) {
      const questions = await repo.listQuestions(prisma, eventId);
      const byId = new Map(questions.map((question) => [String(question.id), question]));
      const changes = new Map<number, AnswerValue | null>();
      for (const [id, sent] of Object.entries(answers ?? {})) {
        const question = byId.get(id);
        if (!question) throw invalid(MSG.questionUnknown);
        const judged = judgeValue(question, sent);
        if (!judged.ok) throw invalid(MSG.answerInvalid({ question: question.label }));
        changes.set(question.id, judged.value);
      }
      const values: AnswerValues = questions.length ? await repo.answersOf(prisma, eventId, userId) : {};
      for (const [id, value] of changes) {
        if (value === null) delete values[String(id)];
        else values[String(id)] = value;
      }
      if (status !== 'not_attending') {
        const missing = questions.filter((question) => question.required && !isAnswered(question, values[question.id]));
        if (missing.length) {
          throw invalidWith(MSG.answersRequired({ questions: missing.map((question) => question.label).join(', ') }), {
            missing: missing.map((question) => question.id),
          });
        }
      }
      return {
        values,
        save: async (tx) => {
          if (changes.size) await repo.saveAnswers(tx, eventId, userId, changes);
        },
      };
    },

    async csvColumns(viewer: Viewer, eventId: number, sensitive: boolean) {
      const questions = (await repo.listQuestions(prisma, eventId)).filter((q) => sensitive || !q.sensitive);
      const answers = questions.length ? await repo.eventAnswers(prisma, eventId) : new Map<number, AnswerValues>();
      if (sensitive) {
        const count = countSensitive(questions, answers.values());
        if (count > 0) await auditSensitiveRead(deps, viewer, eventId, count, 'csv');
      }
      return {
        header: questions.map((question) => question.label),
        cellsOf: (userId: number) => questions.map((question) => answerCell(answers.get(userId)?.[question.id])),
      };
    },
  };
}

interface QuestionsCollaborators {
  access: EventAccess;
  minors: MinorsService;
  rsvp: RsvpService;
  registrationAnswers: RegistrationAnswers;
}

/** How many answers to sensitive questions these members' answers hold. */
function countSensitive(questions: RegistrationQuestion[], answers: Iterable<AnswerValues>): number {
  const sensitive = questions.filter((question) => question.sensitive).map((question) => String(question.id));
  let count = 0;
  for (const member of answers) count += sensitive.filter((id) => member[id] !== undefined).length;
  return count;
}

export function createQuestionsService(
  deps: Pick<AppDeps, 'config' | 'now' | 'prisma'>,
  { access, minors, rsvp, registrationAnswers }: QuestionsCollaborators,
) {
  const { prisma } = deps;
  const managed = (viewer: Viewer, id: number) => access.managedRecord(viewer, id, MSG.onlyOrganisers);

  /**
   * Whether the viewer may see the event, or else one of the children they are a guardian of may (a private
   * event the child is invited to, a section's event through the child): the guardian answers for the child.
   * 404 when nobody of them may, as for any event the viewer may not see.
   */
  async function assertSeenByFamily(viewer: Viewer, eventId: number): Promise<void> {
    for (const who of [viewer, ...(await childViewersOf(prisma, viewer.id))]) {
      try {
        await access.visibleRecord(who, eventId);
        return;
      } catch (error) {
        if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
      }
    }
    throw notFound(MSG.eventNotFound);
  }

  /** GET /api/events/{id}/questions: for anyone who may see the event, and for the guardians of a child who may. */
  async function list(viewer: Viewer, eventId: number): Promise<RegistrationQuestion[]> {
    await assertSeenByFamily(viewer, eventId);
    return repo.listQuestions(prisma, eventId);
  }

  /** PUT /api/events/{id}/questions: the managers replace the list (ids kept; a removed one takes its answers). */
  async function replace(viewer: Viewer, eventId: number, input: QuestionInput[]): Promise<RegistrationQuestion[]> {
    await managed(viewer, eventId);
    const saved = await repo.replaceQuestions(prisma, eventId, input);
    if (!saved) throw invalid(MSG.questionUnknown);
    return saved;
  }

  /**
   * PUT /api/events/{id}/answers: the member's (or, forUserId, their child's) answers change until RSVPs close
   * (after that only the event's managers may change them, as replies). Answers the member's answers after it.
   */
  async function updateAnswers(viewer: Viewer, eventId: number, input: AnswersUpdateInput): Promise<AnswerValues> {
    const replier = await rsvp.replierFor(viewer, { status: 'not_attending', forUserId: input.forUserId });
    await access.visibleRecord(replier.member, eventId);
    const reply = await findOwnReply(prisma, eventId, replier.id);
    const checked = await registrationAnswers.check(
      eventId,
      replier.id,
      reply?.status ?? 'not_attending',
      input.answers,
    );
    const done = await rsvp.withEventLocked(eventId, async (tx, event) => {
      if (event.rsvpClosesAt && event.rsvpClosesAt <= deps.now() && !mayManage(viewer, event)) {
        throw conflict(MSG.rsvpClosed);
      }
      await checked.save(tx);
      return true;
    });
    if (!done) throw notFound(MSG.eventNotFound);
    return checked.values;
  }

  /**
   * GET /api/events/{id}/answers?forUserId=: what PUT …/answers with the same forUserId changes — the member's
   * own answers, or their guardian's view of the child's (sensitive ones too: the guardian gave them). Whoever
   * may not answer for the member is refused as that PUT refuses them.
   */
  async function answersOf(viewer: Viewer, eventId: number, forUserId: number | undefined): Promise<AnswerValues> {
    const replier = await rsvp.replierFor(viewer, { status: 'not_attending', forUserId });
    await access.visibleRecord(replier.member, eventId);
    return repo.answersOf(prisma, eventId, replier.id);
  }

  /**
   * GET /api/events/{id}/answers: everyone who replied, named as the attendee list names them to organisers,
   * with their answers; reading answers to sensitive questions is audited (how many, never what).
   */
  async function answers(viewer: Viewer, eventId: number): Promise<EventAnswers> {
    await managed(viewer, eventId);
    const [questions, rows, byMember] = await Promise.all([
      repo.listQuestions(prisma, eventId),
      listAttendees(prisma, eventId),
      repo.eventAnswers(prisma, eventId),
    ]);
    const shown = await minors.shownTo(viewer, rows, true);
    const attendees = shown.map((row) => ({
      user: { id: row.id, name: row.name },
      status: row.status,
      answers: byMember.get(row.id) ?? {},
    }));
    const count = countSensitive(
      questions,
      attendees.map((attendee) => attendee.answers),
    );
    if (count > 0) await auditSensitiveRead(deps, viewer, eventId, count, 'answers');
    return { questions, attendees };
  }

  /**
   * These members' answers to the event's sensitive questions, for the event's leaders only (403 otherwise),
   * the read audited with its count: what the trip sheet and the care card show.
   */
  async function sensitiveAnswersFor(
    viewer: Viewer,
    eventId: number,
    userIds: number[],
  ): Promise<Map<number, repo.SensitiveAnswer[]>> {
    await managed(viewer, eventId);
    const found = await repo.sensitiveAnswersFor(prisma, eventId, userIds);
    const count = [...found.values()].reduce((sum, list) => sum + list.length, 0);
    if (count > 0) await auditSensitiveRead(deps, viewer, eventId, count, 'care');
    return found;
  }

  /**
   * Deletes the answers to sensitive questions of events that ended SENSITIVE_ANSWERS_DAYS ago (one audited
   * entry when there were any). Safe on every instance at once; answers how many went.
   */
  function purgeDue(): Promise<number> {
    return repo.purgeSensitiveAnswers(prisma, deps.now(), deps.config.sensitiveAnswersDays);
  }

  /** The same as the trip sheet prints them: each question's label and the answer as text. */
  async function sensitiveAnswerTexts(
    viewer: Viewer,
    eventId: number,
    userIds: number[],
  ): Promise<Map<number, SensitiveAnswer[]>> {
    const found = await sensitiveAnswersFor(viewer, eventId, userIds);
    return new Map(
      [...found].map(([userId, list]) => [
        userId,
        list.map(({ question, value }) => ({ question: question.label, answer: answerCell(value) })),
      ]),
    );
  }

  return { list, replace, updateAnswers, answersOf, answers, sensitiveAnswersFor, sensitiveAnswerTexts, purgeDue };
}

export type QuestionsService = ReturnType<typeof createQuestionsService>;
