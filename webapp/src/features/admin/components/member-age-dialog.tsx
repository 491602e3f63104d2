// A member's age and consent, for admins: correct the date of birth (members set it once themselves), and
// record a guardian's consent given on paper or in person, with a note of where the form is kept.
import { useState, type FormEvent } from 'react';
import { isCalendarDate } from '../../../../../shared/age';
import type { GuardianConsentState } from '../../../../../shared/constants';
import type { AdminMember, MemberStanding } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Dialog } from '../../../components/dialog/dialog';
import { Field } from '../../../components/field/field';
import { toast } from '../../../components/toast-store';
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

export const CONSENT_LABELS: Record<GuardianConsentState, string> = {
  not_needed: 'No consent needed',
  required: 'Needs consent',
  pending: 'Guardian asked',
  granted: 'Consent given',
};

export function MemberAgeDialog({
  member,
  open,
  onOpenChange,
}: {
  member: MemberAge;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
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
      setDateError('Enter a date of birth that is not in the future');
      return;
    }
    setDateError(null);
    update.mutate(
      { id: member.id, change: { birthDate } },
      {
        onSuccess: () => toast({ title: `${member.name}'s date of birth was saved` }),
        onError: (error) => setDateError(serverMessage(error)),
      },
    );
  };

  const saveConsent = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setConsentError('Add a note: who gave consent, and where the form is kept');
      return;
    }
    setConsentError(null);
    record.mutate(
      { id: member.id, method, note: note.trim() },
      {
        onSuccess: (answer) => {
          setStanding(answer);
          setNote('');
          toast({ title: `Consent recorded for ${member.name}` });
        },
        onError: (error) => setConsentError(serverMessage(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${member.name}: age and consent`}>
      <div className={styles.dialogBody}>
        {known && (
          <p className="muted" aria-live="polite">
            Date of birth: {known.birthDate ? calendarDateText(known.birthDate) : 'not given yet'}
            {known.guardianConsent ? ` · ${CONSENT_LABELS[known.guardianConsent]}` : ''}
          </p>
        )}
        <form className="form" noValidate onSubmit={saveDate}>
          <Field label="Date of birth" error={dateError} hint="Members set it once; correct it here when it is wrong.">
            <input
              type="date"
              max={today}
              min="1900-01-01"
              value={birthDate}
              onChange={(event) => setBirthDate(event.target.value)}
            />
          </Field>
          <div>
            <Button type="submit" variant="secondary" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save date of birth'}
            </Button>
          </div>
        </form>
        <form className="form" noValidate onSubmit={saveConsent}>
          <fieldset className={styles.fieldset}>
            <legend>Record consent given on paper or in person</legend>
            <label className="checkbox-row">
              <input
                type="radio"
                name="consent-method"
                checked={method === 'paper'}
                onChange={() => setMethod('paper')}
              />
              <span>On paper (a signed form)</span>
            </label>
            <label className="checkbox-row">
              <input
                type="radio"
                name="consent-method"
                checked={method === 'in_person'}
                onChange={() => setMethod('in_person')}
              />
              <span>In person</span>
            </label>
          </fieldset>
          <Field label="Note" error={consentError} hint="Who gave consent, when, and where the signed form is kept.">
            <textarea value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Recording...' : 'Record consent'}
            </Button>
          </div>
        </form>
      </div>
    </Dialog>
  );
}
