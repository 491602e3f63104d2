// Settings & Preferences (SPEC §2/§4/§5): account linking, connected accounts, contact details and
// notification preferences that save at once, the attendee-list privacy switch, the health & emergency card, and
// leaving with your data.
import { useEffect, useState } from 'react';
import { useSearchParams } from '../../../lib/router';
import type { CurrentUser } from '../../../../../shared/types';
import { toast, toastError } from '../../../components/toast-store';
import { StateCard } from '../../../components/card/card';
import { useCurrentUser } from '../../../lib/auth';
import { CalendarFeedSettings } from './calendar-feed-settings';
import { AccountLinking } from './account-linking';
import { AgeSettings } from './age-settings';
import { CommunicationSettings } from './communication-settings';
import { HealthSettings } from './health-settings';
import { ConnectedAccounts } from './connected-accounts';
import { LanguageSettings } from './language-settings';
import { NotificationPreferences } from './notification-preferences';
import { PrivacySettings } from './privacy-settings';
import { YourData } from './your-data';
import { defineMessages, translate, useT } from '../../../i18n';
import { commonMessages } from '../../../components/common-messages';
import { linkingMessages } from './linking-messages';

const messages = defineMessages({
  title: { id: 'web.settings.page.title', defaultMessage: 'Settings & Preferences' },
  emailLinked: { id: 'web.settings.page.emailLinked', defaultMessage: 'Email account linked' },
  emailLinkedText: {
    id: 'web.settings.page.emailLinkedText',
    defaultMessage: 'Your email account has been successfully linked to your profile.',
  },
});

/** The email confirmation link comes back here with ?emailLinked=1 (or 0 when it failed). */
function useEmailLinkResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get('emailLinked');
  useEffect(() => {
    if (result === null) return;
    if (result === '1') {
      toast({ title: translate(messages.emailLinked), description: translate(messages.emailLinkedText) });
    } else {
      toastError(translate(linkingMessages.emailFailed), translate(linkingMessages.emailFailedText));
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
  const t = useT();
  return (
    <>
      <h1>{t(messages.title)}</h1>
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
      {/* A guardian account takes part in nothing itself: its children's cards are on its own page. */}
      {guardianOnly || user.status === 'pending' ? null : <HealthSettings />}
      <CalendarFeedSettings />
      <YourData />
    </>
  );
}

export function SettingsPage() {
  const { data: user } = useCurrentUser();
  useEmailLinkResult();
  const t = useT();
  if (!user) return <StateCard title={t(commonMessages.loading)} role="status" />;
  return <Settings user={user} />;
}
