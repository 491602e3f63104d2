import type { CurrentUser } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';
import { defineMessages, useT } from '../../../i18n';

const messages = defineMessages({
  connectedNote: { id: 'web.settings.connected.connectedNote', defaultMessage: '(connected)' },
  connected: { id: 'web.settings.connected.connected', defaultMessage: 'Connected' },
  notConnected: { id: 'web.settings.connected.notConnected', defaultMessage: 'Not connected' },
  title: { id: 'web.settings.connected.title', defaultMessage: 'Connected Accounts' },
  account: { id: 'web.settings.connected.account', defaultMessage: 'Account' },
  status: { id: 'web.settings.connected.status', defaultMessage: 'Status' },
  google: { id: 'web.settings.connected.google', defaultMessage: 'Google account' },
  telegram: { id: 'web.settings.connected.telegram', defaultMessage: 'Telegram account' },
});

function Status({ connected, label }: { connected: boolean; label: string }) {
  const t = useT();
  return (
    <span>
      <span className={connected ? 'status-dot status-dot-on' : 'status-dot'} aria-hidden="true" />
      {label}
      <span className="visually-hidden">{connected ? ` ${t(messages.connectedNote)}` : ''}</span>
    </span>
  );
}

export function ConnectedAccounts({ user }: { user: CurrentUser }) {
  // Connected means a linked Telegram account: a username typed in Settings (for notifications) is not one.
  // The dot and the text always agree.
  const t = useT();
  const telegram = user.telegramId
    ? user.telegramUsername
      ? `@${user.telegramUsername}`
      : t(messages.connected)
    : null;
  return (
    <Card title={t(messages.title)}>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t(messages.account)}</th>
              <th scope="col">{t(messages.status)}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{t(messages.google)}</td>
              <td>
                <Status connected={Boolean(user.email)} label={user.email ?? t(messages.notConnected)} />
              </td>
            </tr>
            <tr>
              <td>{t(messages.telegram)}</td>
              <td>
                <Status connected={telegram !== null} label={telegram ?? t(messages.notConnected)} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
