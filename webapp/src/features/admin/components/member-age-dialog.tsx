// A member's age and consent, for admins: correct the date of birth (members set it once themselves), and
// record a guardian's consent given on paper or in person, with a note of where the form is kept.
import { useState, type FormEvent } from 'react';
import { isCalendarDate } from '../../../../../shared/age';
import type { GuardianConsentState } from '../../../../../shared/constants';
import type { AdminMember, MemberStanding } from '../../../../../shared/types';
import {
  BirthDateInput,
  birthDateMessages,
  isImpossibleDay,
} from '../../../components/birth-date-input/birth-date-input';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { toast } from '../../../components/toast-store';
import { defineMessages, useT, type MessageDescriptor } from '../../../i18n';
import { calendarDateText } from '../../../lib/dates';
import { todayOnDevice } from '../../../lib/minors';
import { useRecordConsent, useUpdateMember } from '../api/members';
import { serverMessage } from './server-message';
import styles from './admin-lists.module.css';

/** What the members list may say of a member's age (older servers leave it out). */
export type MemberAge = AdminMember & {
  birthDate?: string | null;
  isMinor?: boolean;
  guardianConsent?: GuardianConsentState;
};

export const CONSENT_LABELS: Record<GuardianConsentState, MessageDescriptor> = defineMessages({
  not_needed: { id: 'web.admin.age.consentNotNeeded', defaultMessage: 'No consent needed' },
  required: { id: 'web.admin.age.consentRequired', defaultMessage: 'Needs consent' },
  pending: { id: 'web.admin.age.consentPending', defaultMessage: 'Guardian asked' },
  awaiting_verification: {
    id: 'web.admin.age.consentAwaitingVerification',
    defaultMessage: 'Guardian agreed, waiting for a leader',
  },
  granted: { id: 'web.admin.age.consentGranted', defaultMessage: 'Consent given' },
});

const messages = defineMessages({
  dateInvalid: { id: 'web.admin.age.dateInvalid', defaultMessage: 'Enter a date of birth that is not in the future' },
  dateSaved: { id: 'web.admin.age.dateSaved', defaultMessage: "{name}'s date of birth was saved" },
  noteRequired: {
    id: 'web.admin.age.noteRequired',
    defaultMessage: 'Add a note: who gave consent, and where the form is kept',
  },
  consentRecorded: { id: 'web.admin.age.consentRecorded', defaultMessage: 'Consent recorded for {name}' },
  title: { id: 'web.admin.age.title', defaultMessage: '{name}: age and consent' },
  birthDate: { id: 'web.admin.age.birthDate', defaultMessage: 'Date of birth: {date}' },
  birthDateMissing: { id: 'web.admin.age.birthDateMissing', defaultMessage: 'Date of birth: not given yet' },
  dateLabel: { id: 'web.admin.age.dateLabel', defaultMessage: 'Date of birth' },
  dateHint: {
    id: 'web.admin.age.dateHint',
    defaultMessage: 'Members set it once; correct it here when it is wrong.',
  },
  saving: { id: 'web.admin.age.saving', defaultMessage: 'Saving...' },
  saveDate: { id: 'web.admin.age.saveDate', defaultMessage: 'Save date of birth' },
  recordLegend: { id: 'web.admin.age.recordLegend', defaultMessage: 'Record consent given on paper or in person' },
  onPaper: { id: 'web.admin.age.onPaper', defaultMessage: 'On paper (a signed form)' },
  inPerson: { id: 'web.admin.age.inPerson', defaultMessage: 'In person' },
  note: { id: 'web.admin.age.note', defaultMessage: 'Note' },
  noteHint: {
    id: 'web.admin.age.noteHint',
    defaultMessage: 'Who gave consent, when, and where the signed form is kept.',
  },
  recording: { id: 'web.admin.age.recording', defaultMessage: 'Recording...' },
  record: { id: 'web.admin.age.record', defaultMessage: 'Record consent' },
});

export function MemberAgeDialog({
  member,
  open,
  onOpenChange,
}: {
  member: MemberAge;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const update = useUpdateMember();
  const record = useRecordConsent();
  const [birthDate, setBirthDate] = useState(member.birthDate ?? '');
  const [dateError, setDateError] = useState<string | null>(null);
  const [method, setMethod] = useState<'paper' | 'in_person'>('paper');
  const [note, setNote] = useState('');
  const [consentError, setConsentError] = useState<string | null>(null);
  const today = todayOnDevice();
  // The list may not say the date of birth; a recorded consent answers with where the member now stands.
  const [standing, setStanding] = useState<MemberStanding | null>(null);
  const known = standing ?? (member.birthDate !== undefined ? member : null);

  const saveDate = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(birthDate) || birthDate > today) {
      setDateError(t(isImpossibleDay(birthDate) ? birthDateMessages.noSuchDay : messages.dateInvalid));
      return;
    }
    setDateError(null);
    update.mutate(
      { id: member.id, change: { birthDate } },
      {
        onSuccess: () => toast({ title: t(messages.dateSaved, { name: member.name }) }),
        onError: (error) => setDateError(serverMessage(error)),
      },
    );
  };

  const saveConsent = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setConsentError(t(messages.noteRequired));
      return;
    }
    setConsentError(null);
    record.mutate(
      { id: member.id, method, note: note.trim() },
      {
        onSuccess: (answer) => {
          setStanding(answer);
          setNote('');
          toast({ title: t(messages.consentRecorded, { name: member.name }) });
        },
        onError: (error) => setConsentError(serverMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t(messages.title, { name: member.name })}>
      <div className={styles.dialogBody}>
        {known && (
          <p className="muted" aria-live="polite">
            {known.birthDate
              ? t(messages.birthDate, { date: calendarDateText(known.birthDate) })
              : t(messages.birthDateMissing)}
            {known.guardianConsent ? ` · ${t(CONSENT_LABELS[known.guardianConsent])}` : ''}
          </p>
        )}
        <form className="form" noValidate onSubmit={saveDate}>
          <BirthDateInput
            label={t(messages.dateLabel)}
            error={dateError}
            hint={t(messages.dateHint)}
            max={today}
            value={birthDate}
            onChange={(next) => {
              setBirthDate(next);
              setDateError(null);
            }}
          />
          <div>
            <Button type="submit" variant="secondary" disabled={update.isPending}>
              {t(update.isPending ? messages.saving : messages.saveDate)}
            </Button>
          </div>
        </form>
        <form className="form" noValidate onSubmit={saveConsent}>
          <fieldset className={styles.fieldset}>
            <legend>{t(messages.recordLegend)}</legend>
            <label className="checkbox-row">
              <input
                type="radio"
                name="consent-method"
                checked={method === 'paper'}
                onChange={() => setMethod('paper')}
              />
              <span>{t(messages.onPaper)}</span>
            </label>
            <label className="checkbox-row">
              <input
                type="radio"
                name="consent-method"
                checked={method === 'in_person'}
                onChange={() => setMethod('in_person')}
              />
              <span>{t(messages.inPerson)}</span>
            </label>
          </fieldset>
          <Field label={t(messages.note)} error={consentError} hint={t(messages.noteHint)}>
            <textarea value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={record.isPending}>
              {t(record.isPending ? messages.recording : messages.record)}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
