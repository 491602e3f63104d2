// The sidebar (SPEC §2), shown only where there is room: 'Latest Updates'. Its links by role are the header's
// navigation and account menu on wide screens: one place for each link, never the same link twice on a screen.
import { Card } from '../components/card/card';

const LATEST_UPDATES = [
  { date: 'Nov 18, 2026', text: 'Winter camp registrations open next week.' },
  { date: 'Nov 10, 2026', text: 'Telegram notifications are now available in Settings.' },
  { date: 'Nov 2, 2026', text: 'Thanks to everyone who joined the autumn clean-up!' },
];

export function Sidebar() {
  return (
    <aside className="sidebar">
      <Card title="Latest Updates" titleLevel={2} className="latest-updates" labelledBy="latest-updates-title">
        <ul>
          {LATEST_UPDATES.map((item) => (
            <li key={item.date}>
              <time>{item.date}</time>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </Card>
    </aside>
  );
}
