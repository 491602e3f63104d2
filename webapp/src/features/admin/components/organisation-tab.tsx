// The organisation: the consent text a parent or guardian agrees to on the consent page. Each saved change is a
// new version, and every consent records the version it was given to.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast } from '../../../components/toast-store';
import { defineMessages, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useOrganisation, useSaveConsentText } from '../api/organisation';
import { serverMessage } from './server-message';

const CONSENT_TEXT_MAX = 10_000;

const messages = defineMessages({
  loading: { id: 'web.admin.organisation.loading', defaultMessage: 'Loading organisation settings' },
  saved: { id: 'web.admin.organisation.saved', defaultMessage: 'Consent text saved' },
  savedText: { id: 'web.admin.organisation.savedText', defaultMessage: 'Guardians see the new version from now on.' },
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
  save: { id: 'web.admin.organisation.save', defaultMessage: 'Save consent text' },
});

export function OrganisationTab() {
  const t = useT();
  const organisation = useOrganisation();
  const save = useSaveConsentText();
  const saved = organisation.data?.consentText ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // The saved text arrives after the first render, and again after a save.
  useEffect(() => setText(saved), [saved]);

  if (organisation.isPending) return <Skeleton label={t(messages.loading)} shape="lines" />;
  if (organisation.isError) return <p role="alert">{errorMessage(organisation.error)}</p>;
  const { consentAge, consentTextVersion } = organisation.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // Empty goes back to the built-in text.
    save.mutate(text.trim() ? text : null, {
      onSuccess: () => toast({ title: t(messages.saved), description: t(messages.savedText) }),
      onError: (failure) => setError(serverMessage(failure)),
    });
  };

  return (
    <Card title={t(messages.title)} labelledBy="consent-text-title">
      <p>{t(messages.intro, { age: consentAge })}</p>
      <form className="form" noValidate onSubmit={submit}>
        <Field label={t(messages.label)} error={error} hint={t(messages.hint, { version: consentTextVersion })}>
          <textarea
            rows={10}
            maxLength={CONSENT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={save.isPending || text === saved}>
            {t(save.isPending ? messages.saving : messages.save)}
          </Button>
        </div>
      </form>
    </Card>
  );
}
