// The date of birth, asked once: the organisation keeps members under the consent age safe with a guardian's
// consent. The same form is in the take-part dialog and in Settings: day, month and year in the member's language
// (BirthDateInput), sent as the API's ISO date.
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '../../../../shared/types';
import { isCalendarDate } from '../../../../shared/age';
import { Button } from '../button/button';
import { BirthDateInput, birthDateMessages, isImpossibleDay } from '../birth-date-input/birth-date-input';
import { minorsErrorMessage, todayOnDevice, useSetBirthDate } from '../../lib/minors';
import { defineMessages, useT } from '../../i18n';
import { commonMessages } from '../common-messages';

const messages = defineMessages({
  why: {
    id: 'web.components.birthDate.why',
    defaultMessage:
      'We keep younger members safe by asking a parent or guardian for their consent. You set it once; only an admin can change it later.',
  },
  enter: { id: 'web.components.birthDate.enter', defaultMessage: 'Enter your date of birth' },
  future: { id: 'web.components.birthDate.future', defaultMessage: 'Your date of birth cannot be in the future' },
  label: { id: 'web.components.birthDate.label', defaultMessage: 'Date of birth' },
});

export function BirthDateForm({
  onSaved,
  submitLabel,
  autoFocus = false,
}: {
  onSaved: (user: CurrentUser) => void;
  submitLabel?: string;
  autoFocus?: boolean;
}) {
  const save = useSetBirthDate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = todayOnDevice();
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(value)) {
      setError(t(isImpossibleDay(value) ? birthDateMessages.noSuchDay : messages.enter));
      return;
    }
    if (value > today) {
      setError(t(messages.future));
      return;
    }
    setError(null);
    // The promise, not mutate's callbacks: a saved date replaces this form (Settings then shows the date), and
    // mutate's own callbacks are dropped once the form has gone, with them the "saved" toast.
    save.mutateAsync(value).then(onSaved, (failure: unknown) => setError(minorsErrorMessage(failure)));
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <BirthDateInput
        label={t(messages.label)}
        error={error}
        hint={t(messages.why)}
        max={today}
        autoFocus={autoFocus}
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t(commonMessages.saving) : (submitLabel ?? t(commonMessages.save))}
        </Button>
      </div>
    </form>
  );
}
