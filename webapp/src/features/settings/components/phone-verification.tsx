// Whether the saved phone number is confirmed, and the way to confirm it: a code sent by SMS, typed back here.
// Until then no SMS goes to the number (the server enforces it; this only shows it).
import { useState, type FormEvent } from 'react';
import { PHONE_VERIFICATION } from '../../../../../shared/constants';
import { phoneCodeSchema } from '../../../../../shared/schemas/users';
import type { CurrentUser } from '../../../../../shared/types';
import { toast } from '../../../components/toast-store';
import { Badge } from '../../../components/badge/badge';
import { Button } from '../../../components/button/button';
import { Field, FieldError } from '../../../components/field/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSendPhoneCode } from '../api/send-phone-code';
import { useVerifyPhone } from '../api/verify-phone';
import { defineMessages, msg, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import { validationText } from '../../../lib/validation-text';

const messages = defineMessages({
  verified: { id: 'web.settings.phone.verified', defaultMessage: 'Verified' },
  verifiedNote: { id: 'web.settings.phone.verifiedNote', defaultMessage: 'SMS notifications go to this number.' },
  verifiedToast: { id: 'web.settings.phone.verifiedToast', defaultMessage: 'Phone number verified' },
  verifiedToastText: {
    id: 'web.settings.phone.verifiedToastText',
    defaultMessage: 'SMS notifications can now reach you',
  },
  notVerified: { id: 'web.settings.phone.notVerified', defaultMessage: 'Not verified' },
  sendNew: { id: 'web.settings.phone.sendNew', defaultMessage: 'Send a new code' },
  send: { id: 'web.settings.phone.send', defaultMessage: 'Send code' },
  codeLabel: { id: 'web.settings.phone.codeLabel', defaultMessage: 'Code from the SMS' },
  codeHint: {
    id: 'web.settings.phone.codeHint',
    defaultMessage:
      'We sent a {digits}-digit code to {phone}. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  verifying: { id: 'web.settings.phone.verifying', defaultMessage: 'Verifying...' },
  verify: { id: 'web.settings.phone.verify', defaultMessage: 'Verify' },
});

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
  const t = useT();

  if (!user.phoneNumber) return null;
  if (user.phoneVerified) {
    return (
      <p className="phone-status" role="status">
        <Badge tone="success">{t(messages.verified)}</Badge>
        <span className="hint">{t(messages.verifiedNote)}</span>
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
    if (!parsed.success) {
      return setCodeError(validationText(parsed.error.issues[0]?.message) ?? t(msg('phoneCodeFormat')));
    }
    setCodeError(null);
    verify.mutate(parsed.data, {
      onSuccess: () => toast({ title: t(messages.verifiedToast), description: t(messages.verifiedToastText) }),
      onError: (failure) => setCodeError(reasonOf(failure)),
    });
  };

  return (
    <div className="phone-verification">
      <p className="phone-status" role="status">
        <Badge tone="warning">{t(messages.notVerified)}</Badge>
        <span className="hint">{t(msg('phoneNotVerifiedNote'))}</span>
      </p>
      <div>
        <Button
          variant="secondary"
          disabled={send.isPending}
          aria-describedby={sendError ? 'phone-send-error' : undefined}
          onClick={sendCode}
        >
          {send.isPending ? t(commonMessages.sending) : codeAsked ? t(messages.sendNew) : t(messages.send)}
        </Button>
        <FieldError id="phone-send-error" message={sendError} />
      </div>
      {codeAsked && (
        <form className="form" onSubmit={submit} noValidate>
          <Field
            label={t(messages.codeLabel)}
            id="phone-code"
            error={codeError}
            hint={t(messages.codeHint, {
              digits: PHONE_VERIFICATION.codeLength,
              phone: user.phoneNumber,
              minutes: CODE_MINUTES,
            })}
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
              {verify.isPending ? t(messages.verifying) : t(messages.verify)}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
