// Check-in at the door by the member's pass: scanned with Telegram's own QR scanner inside the Mini App, with the
// browser's camera on the website (camera-scanner.tsx), or typed or pasted where there is no camera. A code that
// is no pass at all is refused here with a clear word; the server verifies a pass (signed, for this event). Below,
// the live count of cleared leaders and young members there (check-in-ratio.tsx).
import { ScanLine, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PASS_TOKEN } from '../../../../../../shared/constants';
import type { CheckInResponse } from '../../../../../../shared/types';
import { Button } from '../../../../components/button/button';
import { Field } from '../../../../components/field/field';
import { defineMessages, translate, useT } from '../../../../i18n';
import { errorMessage } from '../../../../lib/api-client';
import { lazyResolver } from '../../../../lib/lazy-resolver';
import { hapticError, hapticSuccess } from '../../../../lib/telegram-mini-app';
import { canScanInTelegram, hapticWarning, scanQrCode } from '../../../../lib/telegram-actions';
import { useCheckIn } from '../../api/check-in';
import { useAttendees } from '../../api/get-attendees';
import { cameraAvailable, CameraScanner } from './camera-scanner';
import { CheckInRatio } from './check-in-ratio';
import { MinorState } from './minor-state';
import styles from './check-in.module.css';

/** The server's own rule for a pass, loaded with zod when the organiser first checks someone in. */
const resolver = lazyResolver<{ pass: string }, { pass: string }>(async () => {
  const [{ checkInSchema }, { schemaResolver }] = await Promise.all([
    import('../../../../../../shared/schemas/rsvp'),
    import('../../../../lib/form-resolver'),
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
  stopScanning: { id: 'web.events.checkIn.stopScanning', defaultMessage: 'Stop scanning' },
  notAPass: {
    id: 'web.events.checkIn.notAPass',
    defaultMessage: "This QR code is not an event pass. Scan the code on the member's pass, or type it in.",
  },
});

export function CheckInByPass({ eventId }: { eventId: number }) {
  const t = useT();
  const checkIn = useCheckIn(eventId);
  const attendees = useAttendees(eventId);
  const [result, setResult] = useState<CheckInResponse | null>(null);
  const [notAPass, setNotAPass] = useState(false);
  const [camera, setCamera] = useState(false);
  // A camera reads the code in view several times a second: each code counts once until another one is seen.
  const lastRead = useRef<string | null>(null);
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
    setNotAPass(false);
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

  /** A code a scanner read: a pass is checked in (true), anything else is refused here (false). */
  const scanned = (text: string): boolean => {
    const code = text.trim();
    if (PASS_TOKEN.test(code)) {
      submit({ pass: code });
      return true;
    }
    if (code !== lastRead.current) {
      hapticError();
      checkIn.reset();
      setResult(null);
      setNotAPass(true);
    }
    lastRead.current = code;
    return false;
  };

  const fromCamera = (text: string) => {
    if (text.trim() === lastRead.current) return;
    if (scanned(text)) lastRead.current = text.trim();
  };

  const scan = () => {
    lastRead.current = null;
    setNotAPass(false);
    // Telegram keeps its scanner open on a code that is not a pass (it buzzes), and closes it on a pass.
    if (canScanInTelegram()) scanQrCode(translate(messages.scanPrompt), scanned);
    else setCamera((on) => !on);
  };

  const error =
    errors.pass?.message ??
    (notAPass ? t(messages.notAPass) : null) ??
    (checkIn.isError ? errorMessage(checkIn.error) : null);
  const canScan = canScanInTelegram() || cameraAvailable();
  return (
    <div className={styles.checkIn}>
      {canScan && (
        <div className={styles.scan}>
          <Button variant={camera ? 'secondary' : 'primary'} onClick={scan} aria-pressed={camera || undefined}>
            {camera ? <X size={18} aria-hidden="true" /> : <ScanLine size={18} aria-hidden="true" />}
            {t(camera ? messages.stopScanning : messages.scan)}
          </Button>
          {camera && <CameraScanner onText={fromCamera} />}
        </div>
      )}
      <form className={styles.passForm} onSubmit={handleSubmit(submit)} noValidate>
        <Field label={t(messages.label)} hint={t(messages.hint)} error={error}>
          <input type="text" autoComplete="off" spellCheck={false} {...register('pass')} />
        </Field>
        <div className={styles.passActions}>
          <Button type="submit" variant="secondary" size="small" disabled={checkIn.isPending}>
            {t(checkIn.isPending ? messages.checkingIn : messages.checkIn)}
          </Button>
        </div>
      </form>
      {result && (
        <div role="status" className={styles.resultBox}>
          <p className={styles.result}>
            {t(result.alreadyCheckedIn ? messages.already : messages.done, { name: result.name })}
          </p>
          {checkedIn && <MinorState attendee={checkedIn} />}
        </div>
      )}
      <CheckInRatio eventId={eventId} />
    </div>
  );
}
