// Check-in at the door by the member's pass: typed or pasted on the web, or scanned with Telegram's own QR
// scanner inside the Mini App. The server verifies the signed pass (and that it belongs to this event).
import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CheckInResponse } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Field } from '../../../components/field/field';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { hapticError, hapticSuccess, hapticWarning, isMiniApp, scanQrCode } from '../../../lib/telegram-mini-app';
import { useCheckIn } from '../api/check-in';
import { useAttendees } from '../api/get-attendees';
import { MinorState } from './minor-state';
import styles from './organiser-panel.module.css';

/** The server's own rule for a pass, loaded with zod when the organiser first checks someone in. */
const resolver = lazyResolver<{ pass: string }, { pass: string }>(async () => {
  const [{ checkInSchema }, { schemaResolver }] = await Promise.all([
    import('../../../../../shared/schemas'),
    import('../../../lib/form-resolver'),
  ]);
  const passSchema = checkInSchema.options[1];
  return schemaResolver<{ pass: string }, typeof passSchema>(passSchema);
}, 'pass');

const messages = defineMessages({
  already: { id: 'web.events.checkIn.already', defaultMessage: '{name} was already checked in' },
  done: { id: 'web.events.checkIn.done', defaultMessage: 'Checked in: {name}' },
  label: { id: 'web.events.checkIn.label', defaultMessage: 'Check in by pass' },
  hint: { id: 'web.events.checkIn.hint', defaultMessage: "Type or paste the code under the member's QR code." },
  checkingIn: { id: 'web.events.checkIn.checkingIn', defaultMessage: 'Checking in...' },
  checkIn: { id: 'web.events.checkIn.checkIn', defaultMessage: 'Check in' },
  scanPrompt: { id: 'web.events.checkIn.scanPrompt', defaultMessage: "Scan the member's pass" },
  scan: { id: 'web.events.checkIn.scan', defaultMessage: 'Scan pass' },
});

export function CheckInByPass({ eventId }: { eventId: number }) {
  const t = useT();
  const checkIn = useCheckIn(eventId);
  const attendees = useAttendees(eventId);
  const [result, setResult] = useState<CheckInResponse | null>(null);
  // The door needs to know at once that this is a minor, and what their guardian allowed.
  const checkedIn = result && attendees.data?.find((attendee) => attendee.id === result.userId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ pass: string }, unknown, { pass: string }>({ defaultValues: { pass: '' }, resolver });
  const submit = ({ pass }: { pass: string }) => {
    setResult(null);
    checkIn.mutate(
      { input: { pass } },
      {
        // Inside Telegram each scan is also felt: success, a repeat, or a refusal (no-ops on the web).
        onSuccess: (answer) => {
          if (answer.alreadyCheckedIn) hapticWarning();
          else hapticSuccess();
          setResult(answer);
          reset();
        },
        onError: () => hapticError(),
      },
    );
  };
  const error = errors.pass?.message ?? (checkIn.isError ? errorMessage(checkIn.error) : null);
  return (
    <form className={styles.passForm} onSubmit={handleSubmit(submit)} noValidate>
      <Field label={t(messages.label)} id="check-in-pass" hint={t(messages.hint)} error={error}>
        <input type="text" autoComplete="off" spellCheck={false} {...register('pass')} />
      </Field>
      <div className={styles.passActions}>
        <Button type="submit" size="small" disabled={checkIn.isPending}>
          {t(checkIn.isPending ? messages.checkingIn : messages.checkIn)}
        </Button>
        {isMiniApp() && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => scanQrCode(t(messages.scanPrompt), (pass) => submit({ pass: pass.trim() }))}
          >
            <ScanLine size={16} aria-hidden="true" />
            {t(messages.scan)}
          </Button>
        )}
      </div>
      {result && (
        <div role="status">
          <p className={styles.result}>
            {t(result.alreadyCheckedIn ? messages.already : messages.done, { name: result.name })}
          </p>
          {checkedIn && <MinorState attendee={checkedIn} />}
        </div>
      )}
    </form>
  );
}
