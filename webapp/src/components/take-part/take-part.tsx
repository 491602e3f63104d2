// Asked once, in place, and carry on: when an RSVP or a comment is refused for want of a date of birth or a
// guardian's consent, this dialog asks for what is missing and then retries what the member did. A minor
// without consent goes on to naming a parent or guardian. The RSVP controls (list, details, Mini App) and the
// comment box all use it:
//
//   const takePart = useTakePart();
//   if (takePart.first(retry)) return;   // what the member's standing already says is missing
//   onError: (error) => takePart.intercept(error, retry) || showTheUsualError(error)
//   ... {takePart.dialog}
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../../../shared/types';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth';
import type { TakePartStep } from './take-part-step';

/**
 * The step a refusal asks for, or null when it is some other refusal. Here rather than with the dialog's forms
 * (lib/minors): every RSVP control needs it on the first page, the forms only once the dialog opens.
 */
function takePartStepOf(error: unknown): TakePartStep | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  // By code: the message is in the member's language.
  if (error.code === 'birth_date_first') return 'birthDate';
  if (error.code === 'guardian_consent_first') return 'guardian';
  return null;
}

/** What the member's own standing already says is missing: a minor whose guardian has not consented yet. */
function knownStepOf(user: CurrentUser | null | undefined): TakePartStep | null {
  return user?.isMinor && (user.guardianConsent === 'required' || user.guardianConsent === 'pending')
    ? 'guardian'
    : null;
}

const TakePartDialog = lazy(() => import('./take-part-dialog'));

export interface TakePart {
  /**
   * When `error` is one of the two "first" refusals, opens the dialog at that step (after a saved birth date it
   * calls `retry`) and returns true; otherwise false, and the caller shows its usual error.
   */
  intercept: (error: unknown, retry: () => void) => boolean;
  /**
   * Before sending: when the member's standing already says what is missing, opens the dialog at that step (with
   * `retry` kept, as `intercept` does) and returns true, so nothing is sent that the server would refuse.
   */
  first: (retry: () => void) => boolean;
  /** Opens the dialog at "Ask a parent or guardian" without a refusal (the event page's waiting state). */
  askGuardian: () => void;
  dialog: ReactNode;
  /** The dialog is up: a page's Telegram MainButton steps aside meanwhile. */
  open: boolean;
}

export function useTakePart(): TakePart {
  const [step, setStep] = useState<TakePartStep | null>(null);
  const retry = useRef<(() => void) | null>(null);

  const intercept = (error: unknown, again: () => void) => {
    const next = takePartStepOf(error);
    if (!next) return false;
    retry.current = again;
    setStep(next);
    return true;
  };

  const { data: user } = useCurrentUser();
  const first = (again: () => void) => {
    const next = knownStepOf(user);
    if (!next) return false;
    retry.current = again;
    setStep(next);
    return true;
  };

  const close = () => {
    setStep(null);
    retry.current = null;
  };

  const dialog = step && (
    <Suspense fallback={null}>
      <TakePartDialog
        step={step}
        onClose={close}
        onSaved={() => {
          const again = retry.current;
          close();
          // The same action again: an adult carries on; a minor without consent is brought back here.
          again?.();
        }}
      />
    </Suspense>
  );

  const askGuardian = () => {
    retry.current = null;
    setStep('guardian');
  };

  return { intercept, first, askGuardian, dialog, open: step !== null };
}
