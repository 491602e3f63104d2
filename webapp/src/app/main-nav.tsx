// The main navigation by role (SPEC §2): links in the header on wide screens, a bottom tab bar on phones and
// inside Telegram. On the website Settings and Admin Settings are in the account menu (the phone's tab bar keeps
// Settings); inside Telegram, where there is no account menu, the tab bar carries them all.
import { CalendarDays, CirclePlus, House, Settings, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from '../lib/router';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/auth';
import { commonMessages } from '../components/common-messages';
import { defineMessages, useT, type MessageDescriptor } from '../i18n';

const messages = defineMessages({
  main: { id: 'web.app.nav.main', defaultMessage: 'Main' },
});

interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
  end?: boolean;
  show: 'all' | 'member' | 'admin';
  className?: string;
}

const ITEMS: NavItem[] = [
  { to: paths.home, label: commonMessages.home, icon: House, end: true, show: 'all' },
  { to: paths.events, label: commonMessages.events, icon: CalendarDays, end: true, show: 'member' },
  { to: paths.createEvent, label: commonMessages.createEvent, icon: CirclePlus, show: 'admin' },
  { to: paths.settings, label: commonMessages.settings, icon: Settings, show: 'member', className: 'nav-account' },
  {
    to: paths.adminSettings,
    label: commonMessages.adminSettings,
    icon: ShieldCheck,
    show: 'admin',
    className: 'nav-admin',
  },
];

/** A guardian account sees its children and its settings, nothing of the member pages. */
const GUARDIAN_ITEMS: NavItem[] = [
  { to: paths.guardian, label: commonMessages.yourChildren, icon: Users, end: true, show: 'all' },
  { to: paths.settings, label: commonMessages.settings, icon: Settings, show: 'all', className: 'nav-account' },
];

export function useNavItems(): NavItem[] {
  const { data: user } = useCurrentUser();
  if (user?.role === 'guardian') return GUARDIAN_ITEMS;
  return ITEMS.filter((item) => item.show === 'all' || (item.show === 'member' ? !!user : !!user?.isAdmin));
}

export function MainNav() {
  const items = useNavItems();
  const t = useT();
  return (
    <nav aria-label={t(messages.main)} className={items.length > 1 ? 'main-nav' : 'main-nav main-nav-single'}>
      {items.map(({ to, label, icon: Icon, end, className = '' }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) => `nav-link ${className} ${isActive ? 'active' : ''}`}
        >
          <Icon size={20} aria-hidden="true" />
          <span>{t(label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
