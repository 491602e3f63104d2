// The member's own answers to an event's registration questions (components/answers-sheet): it opens when a
// member replies going, maybe or to the waitlist on an event that asks questions (or when the server refused a
// reply for a missing answer), and from "Your answers" to change them, prefilled with the member's stored answers.
// Loaded only when a reply needs it (rsvp-card.tsx, rsvp.tsx): most pages never download it.
import { useQuery } from '@tanstack/react-query';
import type { AnswersInput } from '../../../../../../shared/schemas/questions';
import { AnswersSheet } from '../../../../components/answers-sheet/answers-sheet';
import { useEvent } from '../../api/get-event';
import { questionsQueryOptions } from '../../api/questions';

interface MemberAnswersSheetProps {
  eventId: number;
  eventName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'reply' | 'edit';
  submitLabel?: string;
  missing?: number[];
  onSubmit: (answers: AnswersInput) => Promise<unknown>;
  intercept?: (error: unknown) => boolean;
}

export function MemberAnswersSheet({ onSubmit, ...props }: MemberAnswersSheetProps) {
  const questions = useQuery(questionsQueryOptions(props.eventId));
  const event = useEvent(props.eventId);
  return (
    <AnswersSheet
      {...props}
      forWhom="me"
      questions={questions.data}
      stored={event.data ? { me: event.data.myAnswers ?? {} } : undefined}
      loadFailed={questions.isError || event.isError}
      onSubmit={(answers) => onSubmit(answers.me ?? {})}
    />
  );
}
