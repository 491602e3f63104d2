// Registration questions and their answers (registration_questions, registration_answers). Answers are JSON
// values; a question's removal removes its answers, the event's deletion removes both (foreign keys). Answers to
// sensitive questions are also deleted some days after the event ends (purgeSensitiveAnswers).
import { Prisma as PrismaTypes } from '@prisma/client';
import { DEFAULT_EVENT_DURATION_MS } from '../../../../shared/calendar';
import type { QuestionKind } from '../../../../shared/constants';
import type { QuestionInput } from '../../../../shared/schemas/questions';
import type { AnswerValue, AnswerValues, RegistrationQuestion } from '../../../../shared/types';
import type { Prisma } from '../../db/database';
import { recordAudit, type AuditDb } from '../audit/audit-repository';

type Db = AuditDb;

const QUESTION_FIELDS = { id: true, label: true, kind: true, options: true, required: true, sensitive: true } as const;

function toQuestion(row: {
  id: number;
  label: string;
  kind: string;
  options: PrismaTypes.JsonValue;
  required: boolean;
  sensitive: boolean;
}): RegistrationQuestion {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind as QuestionKind,
    ...(Array.isArray(row.options) ? { options: row.options as string[] } : {}),
    required: row.required,
    sensitive: row.sensitive,
  };
}

export async function listQuestions(db: Db, eventId: number): Promise<RegistrationQuestion[]> {
  const rows = await db.registrationQuestion.findMany({
    where: { eventId },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    select: QUESTION_FIELDS,
  });
  return rows.map(toQuestion);
}

/**
 * Makes `input` the event's questions, in its order: a question with an id keeps it and its answers (unless its
 * kind changes, when they no longer fit and go); one left out goes with its answers. Null (and nothing changed)
 * when an id is not one of this event's questions.
 */
export function replaceQuestions(
  prisma: Prisma,
  eventId: number,
  input: QuestionInput[],
): Promise<RegistrationQuestion[] | null> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.registrationQuestion.findMany({ where: { eventId }, select: { id: true, kind: true } });
    const kinds = new Map(existing.map((row) => [row.id, row.kind]));
    if (input.some((question) => question.id !== undefined && !kinds.has(question.id))) return null;
    const keep = input.flatMap((question) => (question.id === undefined ? [] : [question.id]));
    await tx.registrationQuestion.deleteMany({ where: { eventId, id: { notIn: keep } } });
    for (const [position, question] of input.entries()) {
      const data = {
        position,
        label: question.label,
        kind: question.kind,
        options: question.options ?? PrismaTypes.DbNull,
        required: question.required,
        sensitive: question.sensitive,
      };
      if (question.id === undefined) {
        await tx.registrationQuestion.create({ data: { ...data, eventId } });
        continue;
      }
      if (kinds.get(question.id) !== question.kind) {
        await tx.registrationAnswer.deleteMany({ where: { questionId: question.id } });
      }
      await tx.registrationQuestion.update({ where: { id: question.id }, data });
    }
    return listQuestions(tx, eventId);
  });
}

/** One member's answers to the event's questions, by question id. */
export async function answersOf(db: Db, eventId: number, userId: number): Promise<AnswerValues> {
  const rows = await db.registrationAnswer.findMany({
    where: { eventId, userId },
    select: { questionId: true, value: true },
  });
  return Object.fromEntries(rows.map((row) => [String(row.questionId), row.value as AnswerValue]));
}

/** Writes a member's answers: a value is kept (over the one before), null clears the answer. */
export async function saveAnswers(
  tx: Db,
  eventId: number,
  userId: number,
  changes: Map<number, AnswerValue | null>,
): Promise<void> {
  const cleared = [...changes].flatMap(([questionId, value]) => (value === null ? [questionId] : []));
  if (cleared.length) await tx.registrationAnswer.deleteMany({ where: { userId, questionId: { in: cleared } } });
  for (const [questionId, value] of changes) {
    if (value === null) continue;
    await tx.registrationAnswer.upsert({
      where: { questionId_userId: { questionId, userId } },
      create: { questionId, eventId, userId, value },
      update: { value, updatedAt: new Date() },
    });
  }
}

/** Every member's answers to the event's questions, by member and question id. */
export async function eventAnswers(db: Db, eventId: number): Promise<Map<number, AnswerValues>> {
  const rows = await db.registrationAnswer.findMany({
    where: { eventId },
    select: { userId: true, questionId: true, value: true },
  });
  const byMember = new Map<number, AnswerValues>();
  for (const row of rows) {
    const answers = byMember.get(row.userId) ?? {};
    answers[String(row.questionId)] = row.value as AnswerValue;
    byMember.set(row.userId, answers);
  }
  return byMember;
}

export interface SensitiveAnswer {
  question: Pick<RegistrationQuestion, 'id' | 'label' | 'kind'>;
  value: AnswerValue;
}

/**
 * These members' answers to the event's sensitive questions, by member (the trip sheet's and care card's read).
 * Only for the event's leaders; the caller checks that and records `answers.sensitive_viewed` with the count.
 */
export async function sensitiveAnswersFor(
  db: Db,
  eventId: number,
  userIds: number[],
): Promise<Map<number, SensitiveAnswer[]>> {
  const rows = await db.registrationAnswer.findMany({
    where: { eventId, userId: { in: userIds }, question: { sensitive: true } },
    select: { userId: true, value: true, question: { select: { id: true, label: true, kind: true, position: true } } },
    orderBy: [{ question: { position: 'asc' } }, { questionId: 'asc' }],
  });
  const byMember = new Map<number, SensitiveAnswer[]>();
  for (const { userId, value, question } of rows) {
    const list = byMember.get(userId) ?? [];
    list.push({
      question: { id: question.id, label: question.label, kind: question.kind as QuestionKind },
      value: value as AnswerValue,
    });
    byMember.set(userId, list);
  }
  return byMember;
}

/**
 * Deletes the answers to sensitive questions of events that ended `days` days before `now` (an event ends
 * DEFAULT_EVENT_DURATION_MS after it starts) and, when there were any, records how many in one answers.purged
 * entry, in the same transaction. One DELETE: instances running it at once delete each answer once, and only the
 * one that deleted some records it.
 */
export function purgeSensitiveAnswers(prisma: Prisma, now: Date, days: number): Promise<number> {
  const endedBefore = new Date(now.getTime() - days * 24 * 60 * 60 * 1000 - DEFAULT_EVENT_DURATION_MS);
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ answers: number; events: number }>>`
      WITH gone AS (
        DELETE FROM registration_answers ra
        USING registration_questions q, events e
        WHERE q.id = ra.question_id AND q.sensitive AND e.id = ra.event_id AND e.date <= ${endedBefore}
        RETURNING ra.event_id
      )
      SELECT count(*)::int AS answers, count(DISTINCT event_id)::int AS events FROM gone`;
    const answers = Number(row?.answers ?? 0);
    if (answers > 0) {
      await recordAudit(tx, {
        actorId: null,
        action: 'answers.purged',
        subject: { type: 'registration_answers', id: 'sensitive' },
        details: { answers, events: Number(row?.events ?? 0), days },
      });
    }
    return answers;
  });
}
