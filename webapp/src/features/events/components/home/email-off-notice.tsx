// An admin's home says when email sending is off or not set up: otherwise only the server's log knows that
// parents asked for consent, and members who chose email, get nothing. Links to Admin → Email.
import { useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { Link } from '../../../../lib/router';
import type { SmtpSettingsView } from '../../../../../../shared/types';
import { WarningNotice } from '../../../../components/notice/notice';
import { paths } from '../../../../config/paths';
import { defineMessages, useT } from '../../../../i18n';
import { api } from '../../../../lib/api-client';

const messages = defineMessages({
  text: {
    id: 'web.events.home.emailOff',
    defaultMessage: 'Email is off: parents and members get no emails.',
  },
  setUp: { id: 'web.events.home.emailOffLink', defaultMessage: 'Set it up in Admin → Email.' },
});

/** The admin screen's own query (the same key), so saving the settings there updates this at once. */
const smtpQuery = {
  queryKey: ['admin', 'smtp'] as const,
  queryFn: () => api.get<SmtpSettingsView | null>('/api/smtp-settings'),
  staleTime: 60_000,
};

export function EmailOffNotice() {
  const t = useT();
  const settings = useQuery(smtpQuery);
  if (!settings.isSuccess || (settings.data && settings.data.enabled)) return null;
  return (
    <WarningNotice icon={MailWarning} testId="email-off">
      {t(messages.text)} <Link to={`${paths.adminSettings}?tab=email`}>{t(messages.setUp)}</Link>
    </WarningNotice>
  );
}
