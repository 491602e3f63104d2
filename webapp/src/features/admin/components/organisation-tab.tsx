// The organisation: the consent text a parent or guardian agrees to on the consent page. Each saved change is a
// new version, and every consent records the version it was given to.
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button/button';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/field/field';
import { Skeleton } from '../../../components/skeleton/skeleton';
import { toast } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import { useOrganisation, useSaveConsentText } from '../api/organisation';
import { serverMessage } from './server-message';

const CONSENT_TEXT_MAX = 10_000;

export function OrganisationTab() {
  const organisation = useOrganisation();
  const save = useSaveConsentText();
  const saved = organisation.data?.consentText ?? '';
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  // The saved text arrives after the first render, and again after a save.
  useEffect(() => setText(saved), [saved]);

  if (organisation.isPending) return <Skeleton label="Loading organisation settings" shape="lines" />;
  if (organisation.isError) return <p role="alert">{errorMessage(organisation.error)}</p>;
  const { consentAge, consentTextVersion } = organisation.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    // Empty goes back to the built-in text.
    save.mutate(text.trim() ? text : null, {
      onSuccess: () =>
        toast({ title: 'Consent text saved', description: 'Guardians see the new version from now on.' }),
      onError: (failure) => setError(serverMessage(failure)),
    });
  };

  return (
    <Card title="Guardian consent" labelledBy="consent-text-title">
      <p>
        Members under {consentAge} need consent from a parent or guardian. This is the text the guardian reads and
        agrees to; a blank line starts a new paragraph.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label="Consent text"
          error={error}
          hint={`Version ${consentTextVersion}${consentTextVersion === 0 ? ' (the built-in text)' : ''}. Saving a change makes a new version; consents already given keep theirs. Empty the box to go back to the built-in text.`}
        >
          <textarea
            rows={10}
            maxLength={CONSENT_TEXT_MAX}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={save.isPending || text === saved}>
            {save.isPending ? 'Saving...' : 'Save consent text'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
