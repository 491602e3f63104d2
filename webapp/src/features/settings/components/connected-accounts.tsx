import type { CurrentUser } from '../../../../../shared/types';
import { Card } from '../../../components/ui';

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
  const telegram = user.telegramUsername ? `@${user.telegramUsername}` : user.telegramId ? 'Connected' : null;
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
                <Status connected={Boolean(user.telegramId)} label={telegram ?? 'Not connected'} />
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </Card>
  );
}
