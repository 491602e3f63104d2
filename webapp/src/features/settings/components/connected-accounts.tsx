import type { CurrentUser } from '../../../../../shared/types';
import { Card } from '../../../components/card/card';

function Status({ connected, label }: { connected: boolean; label: string }) {
  return (
    <span>
      <span className={connected ? 'status-dot status-dot-on' : 'status-dot'} aria-hidden="true" />
      {label}
      <span className="visually-hidden">{connected ? ' (connected)' : ''}</span>
    </span>
  );
}

export function ConnectedAccounts({ user }: { user: CurrentUser }) {
  // Connected means a linked Telegram account: a username typed in Settings (for notifications) is not one.
  // The dot and the text always agree.
  const telegram = user.telegramId ? (user.telegramUsername ? `@${user.telegramUsername}` : 'Connected') : null;
  return (
    <Card title="Connected Accounts">
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Google account</td>
              <td>
                <Status connected={Boolean(user.email)} label={user.email ?? 'Not connected'} />
              </td>
            </tr>
            <tr>
              <td>Telegram account</td>
              <td>
                <Status connected={telegram !== null} label={telegram ?? 'Not connected'} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
