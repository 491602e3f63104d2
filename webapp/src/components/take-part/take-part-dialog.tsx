// The dialog of useTakePart (take-part.tsx), in a chunk of its own: it needs the form validation and the dialog
// machinery, which no page needs until a refusal opens it.
import { Button } from '../button/button';
import { Dialog, DialogActions } from '../dialog/dialog';
import { useCurrentUser } from '../../lib/auth';
import type { TakePartStep } from '../../lib/minors';
import { BirthDateForm } from './birth-date-form';
import { GuardianRequest } from './guardian-request';

const TITLES: Record<TakePartStep, string> = {
  birthDate: 'Add your date of birth',
  guardian: 'Ask a parent or guardian',
};

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
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={TITLES[step]}
      description={
        step === 'guardian'
          ? 'Younger members need consent from a parent or guardian before they reply to events or comment.'
          : undefined
      }
    >
      {step === 'birthDate' && <BirthDateForm autoFocus submitLabel="Save and continue" onSaved={onSaved} />}
      {step === 'guardian' && user && (
        <>
          <GuardianRequest user={user} />
          <DialogActions>
            <Button variant="secondary" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
