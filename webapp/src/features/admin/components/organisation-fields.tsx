// The organisation's settings that both the Organisation tab and the first-run setup ask for: how people become
// members, the default language and the time zone. One set of words and controls for both.
import type { FieldError as FormFieldError, UseFormRegisterReturn } from 'react-hook-form';
import { MEMBERSHIP_MODES, ORGANISATION_LANGUAGES } from '../../../../../shared/constants';
import { LANGUAGE_NAMES } from '../../../../../shared/i18n/languages';
import { Field } from '../../../components/field/field';
import { defineMessages, useT } from '../../../i18n';
import { viewerTimeZone } from '../../../lib/dates';
import styles from './organisation-tab.module.css';

export const organisationMessages = defineMessages({
  membershipLegend: { id: 'web.admin.organisation.membershipLegend', defaultMessage: 'How people become members' },
  open: { id: 'web.admin.organisation.modeOpen', defaultMessage: 'Open' },
  openHint: { id: 'web.admin.organisation.modeOpenHint', defaultMessage: 'Anyone who signs in is a member at once.' },
  approval: { id: 'web.admin.organisation.modeApproval', defaultMessage: 'Approval' },
  approvalHint: {
    id: 'web.admin.organisation.modeApprovalHint',
    defaultMessage: 'Anyone may sign in; an admin approves each new member.',
  },
  invite: { id: 'web.admin.organisation.modeInvite', defaultMessage: 'Invite only' },
  inviteHint: {
    id: 'web.admin.organisation.modeInviteHint',
    defaultMessage: 'Only people who open an invite link can join.',
  },
  defaultLanguage: { id: 'web.admin.organisation.defaultLanguage', defaultMessage: 'Default language' },
  defaultLanguageHint: {
    id: 'web.admin.organisation.defaultLanguageHint',
    defaultMessage: 'For members who have not chosen a language, and for cards shared into groups.',
  },
  timeZone: { id: 'web.admin.organisation.timeZone', defaultMessage: 'Time zone' },
  timeZoneHint: {
    id: 'web.admin.organisation.timeZoneHint',
    defaultMessage:
      'New events take place in it, and messages and calendars tell their times in it. Type to search, for example Europe/Berlin.',
  },
  timeZoneInvalid: {
    id: 'web.admin.organisation.timeZoneInvalid',
    defaultMessage: 'Choose a time zone from the list, for example Europe/Berlin.',
  },
  yourTimeZone: {
    id: 'web.admin.organisation.yourTimeZone',
    defaultMessage: 'Use mine ({zone})',
    description: 'A button that fills in the time zone of this device. `zone`: e.g. Europe/Berlin.',
  },
});

const MODE_TEXTS = {
  open: [organisationMessages.open, organisationMessages.openHint],
  approval: [organisationMessages.approval, organisationMessages.approvalHint],
  invite: [organisationMessages.invite, organisationMessages.inviteHint],
} as const;

/** Three radios, each with the one line that says what it means. */
export function MembershipModeField({ registration }: { registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t(organisationMessages.membershipLegend)}</legend>
      {MEMBERSHIP_MODES.map((mode) => {
        const [label, hint] = MODE_TEXTS[mode];
        return (
          <label key={mode} className={styles.choice}>
            <input type="radio" value={mode} {...registration} />
            <span>
              <strong>{t(label)}</strong>
              <span className={styles.choiceHint}>{t(hint)}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export function LanguageField({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  const t = useT();
  return (
    <Field label={t(organisationMessages.defaultLanguage)} id={id} hint={t(organisationMessages.defaultLanguageHint)}>
      <select {...registration}>
        {ORGANISATION_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Every zone the browser knows, once per page: the datalist makes the field searchable as one types. */
let zones: string[] | null = null;
const knownZones = () =>
  (zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC']);

export function TimeZoneField({
  id,
  registration,
  error,
  current,
  onUseMine,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error?: FormFieldError;
  /** The zone in the field now: the button below is offered only when this device's differs. */
  current: string;
  /** Fills in this device's zone. */
  onUseMine?: (zone: string) => void;
}) {
  const t = useT();
  const mine = viewerTimeZone();
  return (
    <div className={styles.timeZone}>
      <Field
        label={t(organisationMessages.timeZone)}
        id={id}
        hint={t(organisationMessages.timeZoneHint)}
        error={error ? t(organisationMessages.timeZoneInvalid) : null}
      >
        <input
          type="text"
          list={`${id}-zones`}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          aria-required
          {...registration}
        />
      </Field>
      <datalist id={`${id}-zones`}>
        {knownZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {onUseMine && current !== mine && (
        <button type="button" className={styles.linkButton} onClick={() => onUseMine(mine)}>
          {t(organisationMessages.yourTimeZone, { zone: mine })}
        </button>
      )}
    </div>
  );
}
