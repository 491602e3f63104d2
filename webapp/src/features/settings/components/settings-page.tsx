// Settings & Preferences (SPEC §2/§4/§5): account linking, connected accounts, contact details and
// notification preferences that save at once, the attendee-list privacy switch, and leaving with your data.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { StateCard } from '../../../components/card/card';
import { useCurrentUser } from '../../../lib/auth';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { AccountLinking } from './account-linking';
import { AgeSettings } from './age-settings';
import { CommunicationSettings } from './communication-settings';
import { ConnectedAccounts } from './connected-accounts';
import { LanguageSettings } from './language-settings';
import { NotificationPreferences } from './notification-preferences';
import { PrivacySettings } from './privacy-settings';
import { YourData } from './your-data';

/** The email confirmation link comes back here with ?emailLinked=1 (or 0 when it failed). */
function useEmailLinkResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get('emailLinked');
  useEffect(() => {
    if (result === null) return;
    if (result === '1') {
      toast({
        title: 'Email account linked',
        description: 'Your email account has been successfully linked to your profile.',
      });
    } else {
      toastError('Failed to link email account', 'An error occurred while linking your email account.');
    }
    setParams(
      (current) => {
        current.delete('emailLinked');
        return current;
      },
      { replace: true },
    );
  }, [result, setParams]);
}

function Settings({ user }: { user: CurrentUser }) {
  // Which warnings are up; a successful save of the matching field hides it.
  const [warnings, setWarnings] = useState({ sms: false, telegram: false, email: false });
  // A guardian account takes no part itself: no date of birth of its own to give.
  const guardianOnly = user.role === 'guardian';
  return (
    <>
      <h1>Settings &amp; Preferences</h1>
      <LanguageSettings />
      <AccountLinking user={user} />
      <ConnectedAccounts user={user} />
      <CommunicationSettings
        user={user}
        onPhoneSaved={() => setWarnings((w) => ({ ...w, sms: false }))}
        onUsernameSaved={() => setWarnings((w) => ({ ...w, telegram: false }))}
      />
      <NotificationPreferences
        user={user}
        warnings={warnings}
        onWarn={(channel) => setWarnings((w) => ({ ...w, [channel]: true }))}
      />
      <PrivacySettings user={user} />
      {guardianOnly ? null : <AgeSettings user={user} />}
      <CalendarFeedSettings />
      <YourData />
    </>
  );
}

export function SettingsPage() {
  const { data: user } = useCurrentUser();
  useEmailLinkResult();
  if (!user) return <StateCard title="Loading..." role="status" />;
  return <Settings user={user} />;
}
