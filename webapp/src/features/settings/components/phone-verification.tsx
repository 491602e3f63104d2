// Whether the saved phone number is confirmed, and the way to confirm it: a code sent by SMS, typed back here.
// Until then no SMS goes to the number (the server enforces it; this only shows it).
import { useState, type FormEvent } from 'react';
import { PHONE_VERIFICATION } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { phoneCodeSchema } from '../../../../../shared/schemas';
import type { CurrentUser } from '../../../../../shared/types';
import { toast } from '../../../components/toast-store';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Field, FieldError } from '../../../components/field/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';

/** The server's own sentence ('That code is not right…'), without the SPEC's "400: " prefix. */
const reasonOf = (failure: unknown) =>
  failure instanceof ApiError && failure.status !== 401 && failure.serverMessage
    ? failure.serverMessage
    : errorMessage(failure);

const CODE_MINUTES = Math.round(PHONE_VERIFICATION.codeTtlMs / 60_000);

/** Render with key={phoneNumber}: a new number starts over. */
export function PhoneVerification({ user }: { user: CurrentUser }) {
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [codeAsked, setCodeAsked] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (!user.phoneNumber) return null;
  if (user.phoneVerified) {
    return (
      <p className="phone-status" role="status">
        <Badge tone="success">Verified</Badge>
        <span className="hint">SMS notifications go to this number.</span>
      </p>
    );
  }

  const sendCode = () => {
    setSendError(null);
    send.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status === 'sent') setCodeAsked(true);
      },
      onError: (failure) => {
        setSendError(reasonOf(failure));
        // Too soon for another code: the last one is still on its way, so the box to type it stays useful.
        if (failure instanceof ApiError && failure.status === 429) setCodeAsked(true);
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = phoneCodeSchema.safeParse(code);
    if (!parsed.success) return setCodeError(parsed.error.issues[0]?.message ?? MSG.phoneCodeFormat);
    setCodeError(null);
    verify.mutate(parsed.data, {
      onSuccess: () => toast({ title: 'Phone number verified', description: 'SMS notifications can now reach you' }),
      onError: (failure) => setCodeError(reasonOf(failure)),
    });
  };

  return (
    <div className="phone-verification">
      <p className="phone-status" role="status">
        <Badge tone="warning">Not verified</Badge>
        <span className="hint">{MSG.phoneNotVerifiedNote}</span>
      </p>
      <div>
        <Button
          variant="secondary"
          disabled={send.isPending}
          aria-describedby={sendError ? 'phone-send-error' : undefined}
          onClick={sendCode}
        >
          {send.isPending ? 'Sending...' : codeAsked ? 'Send a new code' : 'Send code'}
        </Button>
        <FieldError id="phone-send-error" message={sendError} />
      </div>
      {codeAsked && (
        <form className="form" onSubmit={submit} noValidate>
          <Field
            label="Code from the SMS"
            id="phone-code"
            error={codeError}
            hint={`We sent a ${PHONE_VERIFICATION.codeLength}-digit code to ${user.phoneNumber}. It expires in ${CODE_MINUTES} minutes.`}
          >
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={PHONE_VERIFICATION.codeLength}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
