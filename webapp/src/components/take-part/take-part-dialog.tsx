// The dialog of useTakePart (take-part.tsx), in a chunk of its own: it needs the form validation and the dialog
// machinery, which no page needs until a refusal opens it.
import { Button } from '../button/button';
import { Dialog, DialogActions } from '../dialog/dialog';
import { useCurrentUser } from '../../lib/auth';
import type { TakePartStep } from './take-part-step';
import { BirthDateForm } from './birth-date-form';
import { GuardianRequest } from './guardian-request';
import { defineMessages, useT, type MessageDescriptor } from '../../i18n';

const messages = defineMessages({
  birthDate: { id: 'web.components.takePart.birthDate', defaultMessage: 'Add your date of birth' },
  guardian: { id: 'web.components.takePart.guardian', defaultMessage: 'Ask a parent or guardian' },
  why: {
    id: 'web.components.takePart.why',
    defaultMessage: 'Younger members need consent from a parent or guardian before they reply to events or comment.',
  },
  saveAndContinue: { id: 'web.components.takePart.saveAndContinue', defaultMessage: 'Save and continue' },
  done: { id: 'web.components.takePart.done', defaultMessage: 'Done' },
});

const TITLES: Record<TakePartStep, MessageDescriptor> = { birthDate: messages.birthDate, guardian: messages.guardian };

export default function TakePartDialog({
  step,
  onClose,
  onSaved,
}: {
  step: TakePartStep;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { data: user } = useCurrentUser();
  const t = useT();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(TITLES[step])}
      description={step === 'guardian' ? t(messages.why) : undefined}
    >
      {step === 'birthDate' && <BirthDateForm autoFocus submitLabel={t(messages.saveAndContinue)} onSaved={onSaved} />}
      {step === 'guardian' && user && (
        <>
          <GuardianRequest user={user} />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              {t(messages.done)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
