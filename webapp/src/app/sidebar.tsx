// The sidebar (SPEC §2), shown only where there is room: 'Latest Updates'. Its links by role are the header's
// navigation and account menu on wide screens: one place for each link, never the same link twice on a screen.
import { Card } from '../components/card/card';
import { intlLocale, defineMessages, useT } from '../i18n';

const messages = defineMessages({
  title: { id: 'web.app.sidebar.title', defaultMessage: 'Latest Updates' },
  winterCamp: { id: 'web.app.sidebar.winterCamp', defaultMessage: 'Winter camp registrations open next week.' },
  telegram: {
    id: 'web.app.sidebar.telegram',
    defaultMessage: 'Telegram notifications are now available in Settings.',
  },
  cleanUp: { id: 'web.app.sidebar.cleanUp', defaultMessage: 'Thanks to everyone who joined the autumn clean-up!' },
});

const LATEST_UPDATES = [
  { date: '2026-11-18', text: messages.winterCamp },
  { date: '2026-11-10', text: messages.telegram },
  { date: '2026-11-02', text: messages.cleanUp },
];

/**
 * A calendar day as 'Nov 18, 2026' in English, the page's language's own way otherwise: lib/dates' short style,
 * written here so the first page's bundle does not carry the dates module for three static lines.
 */
const dayText = (day: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

export function Sidebar() {
  const t = useT();
  return (
    <aside className="sidebar">
      <Card title={t(messages.title)} titleLevel={2} className="latest-updates" labelledBy="latest-updates-title">
        <ul>
          {LATEST_UPDATES.map((item) => (
            <li key={item.date}>
              <time dateTime={item.date}>{dayText(item.date)}</time>
              <span>{t(item.text)}</span>
            </li>
          ))}
        </ul>
      </Card>
    </aside>
  );
}
