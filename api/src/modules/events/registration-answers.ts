// What the events module asks of registration questions (the questions module answers it, wired in
// system/services.ts): the answers sent with a reply are judged before the reply's lock and written inside its
// transaction, and the attendee CSV gains a column per question. A port, so the RSVP path knows no questions.
import type { StoredRsvpStatus } from '../../../../shared/constants';
import type { AnswersInput } from '../../../../shared/schemas/questions';
import type { AnswerValues } from '../../../../shared/types';
import type { Tx } from './events-repository';
import type { Viewer } from '../users/viewer';

export interface RegistrationAnswers {
  /**
   * Judges `answers` for `userId` replying `status` (the stored answers count as given): a value not of its
   * question's kind, or (unless not_attending) a required question left unanswered, is a 400. Answers the
   * write to run inside the reply's transaction.
   */
  check(
    eventId: number,
    userId: number,
    status: StoredRsvpStatus,
    answers: AnswersInput | undefined,
  ): Promise<CheckedAnswers>;
  /** The CSV's extra columns: a header and, per member, their cells (sensitive ones only when asked, audited). */
  csvColumns(viewer: Viewer, eventId: number, sensitive: boolean): Promise<CsvColumns>;
}

export interface CheckedAnswers {
  /** The member's answers once written: the stored ones with these over them. */
  values: AnswerValues;
  save(tx: Tx): Promise<void>;
}

export interface CsvColumns {
  header: string[];
  cellsOf(userId: number): string[];
}
