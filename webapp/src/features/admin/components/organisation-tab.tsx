// The organisation: every setting in one form — how people become members, the age of consent and the birth-date
// rule, the default language and time zone, how an emailed consent becomes valid, link previews, and the consent
// text a guardian agrees to (each saved change of it is a new version, which every consent records). Only what
// the admin changed is sent.
import { useForm } from 'react-hook-form';
import { CONSENT_AGE, CONSENT_VERIFICATIONS } from '../../../../../shared/constants';
import { organisationSettingsSchema, type OrganisationSettingsInput } from '../../../../../shared/schemas/membership';
import type { OrganisationSettingsView } from '../../../../../shared/types';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast, toastError } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { schemaResolver } from '../../../lib/form-resolver';
import { useOrganisation, useSaveOrganisation } from '../api/organisation';
import { LanguageField, MembershipModeField, TimeZoneField } from './organisation-fields';
import { serverMessage } from './server-message';
import styles from './organisation-tab.module.css';

const CONSENT_TEXT_MAX = 10_000;

const messages = defineMessages({
  loading: { id: 'web.admin.organisation.loading', defaultMessage: 'Loading organisation settings' },
  settingsTitle: { id: 'web.admin.organisation.settingsTitle', defaultMessage: 'Organisation settings' },
  saveSettings: { id: 'web.admin.organisation.saveSettings', defaultMessage: 'Save settings' },
  savedSettings: { id: 'web.admin.organisation.savedSettings', defaultMessage: 'Organisation settings saved' },
  saveFailed: { id: 'web.admin.organisation.saveFailed', defaultMessage: 'The settings were not saved' },
  consentAge: { id: 'web.admin.organisation.consentAge', defaultMessage: 'Age of consent' },
  consentAgeHint: {
    id: 'web.admin.organisation.consentAgeHint',
    defaultMessage: 'Members younger than this need consent from a parent or guardian before they take part.',
  },
  years: {
    id: 'web.admin.organisation.years',
    defaultMessage: '{age, plural, one {# year} other {# years}}',
    description: 'An age in the age-of-consent list. `age`: 13 to 16.',
  },
  requireBirthDate: {
    id: 'web.admin.organisation.requireBirthDate',
    defaultMessage: 'Ask every member for their date of birth',
  },
  verificationLegend: {
    id: 'web.admin.organisation.verificationLegend',
    defaultMessage: 'Consent given through an email link',
  },
  verificationLeader: {
    id: 'web.admin.organisation.verificationLeader',
    defaultMessage: 'Counts once a leader confirms it',
  },
  verificationEmail: { id: 'web.admin.organisation.verificationEmail', defaultMessage: 'Counts at once' },
  verificationRisk: {
    id: 'web.admin.organisation.verificationRisk',
    defaultMessage:
      'The child types the guardian’s address, so it may be one the child reads: a leader’s check makes sure a real parent agreed.',
  },
  linkPreviews: {
    id: 'web.admin.organisation.linkPreviews',
    defaultMessage: 'Show the name, date and cover when a public event’s link is shared in a chat',
  },
  title: { id: 'web.admin.organisation.title', defaultMessage: 'Guardian consent' },
  intro: {
    id: 'web.admin.organisation.intro',
    defaultMessage:
      '{age, plural, one {Members under # need consent from a parent or guardian. This is the text the guardian reads and agrees to; a blank line starts a new paragraph.} other {Members under # need consent from a parent or guardian. This is the text the guardian reads and agrees to; a blank line starts a new paragraph.}}',
    description: '`age`: the age of consent in years.',
  },
  label: { id: 'web.admin.organisation.label', defaultMessage: 'Consent text' },
  hint: {
    id: 'web.admin.organisation.hint',
    defaultMessage:
      '{version, plural, =0 {Version 0 (the built-in text). Saving a change makes a new version; consents already given keep theirs. Empty the box to go back to the built-in text.} one {Version #. Saving a change makes a new version; consents already given keep theirs. Empty the box to go back to the built-in text.} other {Version #. Saving a change makes a new version; consents already given keep theirs. Empty the box to go back to the built-in text.}}',
  },
  saving: { id: 'web.admin.organisation.saving', defaultMessage: 'Saving...' },
});

type OrganisationValues = Omit<OrganisationSettingsView, 'consentTextVersion' | 'configured'>;
type SettingKey = keyof OrganisationValues;

const toValues = ({ consentTextVersion: _version, configured: _configured, ...values }: OrganisationSettingsView) =>
  values;

// The select gives the age as text; the schema (the server's own rules) wants a number.
const resolver = schemaResolver(organisationSettingsSchema, (values: OrganisationValues) => ({
  ...values,
  consentAge: Number(values.consentAge),
}));

const AGES = Array.from({ length: CONSENT_AGE.max - CONSENT_AGE.min + 1 }, (_, index) => CONSENT_AGE.min + index);

export function OrganisationTab() {
  const t = useT();
  const organisation = useOrganisation();
  if (organisation.isPending) return <Skeleton label={t(messages.loading)} shape="lines" />;
  if (organisation.isError) return <p role="alert">{errorMessage(organisation.error)}</p>;
  return <OrganisationForm settings={organisation.data} />;
}

function OrganisationForm({ settings }: { settings: OrganisationSettingsView }) {
  const t = useT();
  const save = useSaveOrganisation();
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    watch,
    formState: { errors, dirtyFields, isDirty },
  } = useForm<OrganisationValues, unknown, OrganisationSettingsInput>({
    defaultValues: toValues(settings),
    resolver,
  });
  const consentAge = Number(watch('consentAge'));

  const submit = handleSubmit((input) => {
    // Only what the admin changed: two admins editing different settings do not undo each other.
    const changes: Partial<OrganisationSettingsInput> = {};
    for (const key of Object.keys(dirtyFields) as SettingKey[]) {
      if (dirtyFields[key]) Object.assign(changes, { [key]: input[key] });
    }
    if (!Object.keys(changes).length) return;
    save.mutate(changes, {
      onSuccess: (view) => {
        reset(toValues(view));
        toast({ title: t(messages.savedSettings) });
      },
      onError: (failure) => toastError(t(messages.saveFailed), serverMessage(failure)),
    });
  });

  return (
    <form className="form" noValidate onSubmit={submit}>
      <Card title={t(messages.settingsTitle)}>
        <div className="form">
          <MembershipModeField registration={register('membershipMode')} />
          <div className="two-columns">
            <LanguageField id="organisation-language" registration={register('defaultLanguage')} />
            <TimeZoneField
              id="organisation-time-zone"
              registration={register('timeZone')}
              error={errors.timeZone}
              current={watch('timeZone')}
              onUseMine={(zone) => setValue('timeZone', zone, { shouldDirty: true, shouldValidate: true })}
            />
          </div>
          <Field label={t(messages.consentAge)} id="organisation-consent-age" hint={t(messages.consentAgeHint)}>
            <select {...register('consentAge', { setValueAs: Number })}>
              {AGES.map((age) => (
                <option key={age} value={age}>
                  {t(messages.years, { age })}
                </option>
              ))}
            </select>
          </Field>
          <label className="checkbox-row">
            <input type="checkbox" {...register('requireBirthDate')} />
            <span>{t(messages.requireBirthDate)}</span>
          </label>
          <fieldset className={styles.fieldset} aria-describedby="organisation-verification-risk">
            <legend>{t(messages.verificationLegend)}</legend>
            {CONSENT_VERIFICATIONS.map((verification) => (
              <label key={verification} className={styles.choice}>
                <input type="radio" value={verification} {...register('consentVerification')} />
                <span>{t(verification === 'leader' ? messages.verificationLeader : messages.verificationEmail)}</span>
              </label>
            ))}
            <p id="organisation-verification-risk" className={styles.choiceHint}>
              {t(messages.verificationRisk)}
            </p>
          </fieldset>
          <label className="checkbox-row">
            <input type="checkbox" {...register('linkPreviews')} />
            <span>{t(messages.linkPreviews)}</span>
          </label>
        </div>
      </Card>
      <Card title={t(messages.title)}>
        <div className="form">
          <p>{t(messages.intro, { age: consentAge })}</p>
          <Field
            label={t(messages.label)}
            id="organisation-consent-text"
            hint={t(messages.hint, { version: settings.consentTextVersion })}
          >
            <textarea rows={10} maxLength={CONSENT_TEXT_MAX} {...register('consentText')} />
          </Field>
        </div>
      </Card>
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {t(save.isPending ? messages.saving : messages.saveSettings)}
        </Button>
      </div>
    </form>
  );
}
