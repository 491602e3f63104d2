// The sidebar (SPEC §2), shown only where there is room: the links by role and 'Latest Updates'.
import { Link } from 'react-router-dom';
import { Card } from '../components/card/card';
import { useNavItems } from './main-nav';

const LATEST_UPDATES = [
  { date: 'Nov 18, 2026', text: 'Winter camp registrations open next week.' },
  { date: 'Nov 10, 2026', text: 'Telegram notifications are now available in Settings.' },
  { date: 'Nov 2, 2026', text: 'Thanks to everyone who joined the autumn clean-up!' },
];

export function Sidebar() {
  const items = useNavItems();
  return (
    <aside className="sidebar">
      <Card as="div">
        <nav aria-label="Sidebar">
          <ul className="sidebar-links">
            {items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link to={to}>
                  <Icon size={18} aria-hidden="true" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card>
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
