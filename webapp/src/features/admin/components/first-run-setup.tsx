// The first admin's setup: until anyone has saved the organisation's settings (`configured` false), an admin's
// home asks for the few that every member notices — the time zone (this device's, to start with), the language
// and how people become members. Saving them (equal to the defaults or not) makes the settings configured, and
// the card never comes back; everything else waits in Admin → Organisation.
import { Settings } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  ORGANISATION_LANGUAGES,
  type MembershipMode,
  type OrganisationLanguage,
} from '../../../../../shared/constants';
import { organisationSettingsSchema, type OrganisationSettingsInput } from '../../../../../shared/schemas/membership';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { toast, toastError } from '../../../components/toast-store';
import { currentLanguage, defineMessages, useT } from '../../../i18n';
import { useCurrentUser } from '../../../lib/auth';
import { viewerTimeZone } from '../../../lib/dates';
import { schemaResolver } from '../../../lib/form-resolver';
import { useOrganisation, useSaveOrganisation } from '../api/organisation';
import { LanguageField, MembershipModeField, TimeZoneField } from './organisation-fields';
import { serverMessage } from './server-message';
import styles from './organisation-tab.module.css';

const messages = defineMessages({
  title: { id: 'web.admin.setup.title', defaultMessage: 'Set up your organisation' },
  intro: {
    id: 'web.admin.setup.intro',
    defaultMessage:
      'Three choices before members arrive. You can change them, and the rest, any time in Admin Settings → Organisation.',
  },
  save: { id: 'web.admin.setup.save', defaultMessage: 'Save and start' },
  saving: { id: 'web.admin.setup.saving', defaultMessage: 'Saving...' },
  saved: { id: 'web.admin.setup.saved', defaultMessage: 'Your organisation is set up' },
  saveFailed: { id: 'web.admin.setup.saveFailed', defaultMessage: 'The settings were not saved' },
});

interface SetupValues {
  timeZone: string;
  defaultLanguage: OrganisationLanguage;
  membershipMode: MembershipMode;
}

const resolver = schemaResolver(organisationSettingsSchema, (values: SetupValues) => values);

/** Shown to admins only, and only while the settings were never saved. */
export function FirstRunSetup() {
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const organisation = useOrganisation(isAdmin);
  if (!isAdmin || !organisation.data || organisation.data.configured) return null;
  const { defaultLanguage, membershipMode } = organisation.data;
  const language = ORGANISATION_LANGUAGES.find((known) => known === currentLanguage());
  return (
    <SetupCard
      initial={{
        // What this admin's device says is the best guess at where the organisation is.
        timeZone: viewerTimeZone(),
        defaultLanguage: language ?? defaultLanguage,
        membershipMode,
      }}
    />
  );
}

function SetupCard({ initial }: { initial: SetupValues }) {
  const t = useT();
  const save = useSaveOrganisation();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<SetupValues, unknown, OrganisationSettingsInput>({ defaultValues: initial, resolver });

  const submit = handleSubmit(async ({ timeZone, defaultLanguage, membershipMode }) => {
    // All three, even unchanged: the first save is what makes the settings the organisation's own. Awaited here,
    // not through mutate's callbacks: the saved answer removes this card before they would run.
    try {
      await save.mutateAsync({ timeZone, defaultLanguage, membershipMode });
      toast({ title: t(messages.saved) });
    } catch (failure) {
      toastError(t(messages.saveFailed), serverMessage(failure));
    }
  });

  return (
    <Card
      title={
        <>
          <Settings size={20} aria-hidden="true" /> {t(messages.title)}
        </>
      }
      labelledBy="first-run-setup-title"
      className={styles.setup}
    >
      <form className="form" noValidate onSubmit={submit} aria-labelledby="first-run-setup-title">
        <p className={styles.choiceHint}>{t(messages.intro)}</p>
        <div className="two-columns">
          <TimeZoneField
            id="setup-time-zone"
            registration={register('timeZone')}
            error={errors.timeZone}
            current={watch('timeZone')}
            onUseMine={(zone) => setValue('timeZone', zone, { shouldValidate: true })}
          />
          <LanguageField id="setup-language" registration={register('defaultLanguage')} />
        </div>
        <MembershipModeField registration={register('membershipMode')} />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? messages.saving : messages.save)}
          </Button>
        </div>
      </form>
    </Card>
  );
}
