// The main navigation by role (SPEC §2): links in the header on wide screens, a bottom tab bar on phones and
// inside Telegram. On the website Settings and Admin Settings are in the account menu (the phone's tab bar keeps
// Settings); inside Telegram, where there is no account menu, the tab bar carries them all.
import { CalendarDays, CirclePlus, House, Settings, ShieldCheck, Users, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { useCurrentUser } from '../lib/auth';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  show: 'all' | 'member' | 'admin';
  className?: string;
}

const ITEMS: NavItem[] = [
  { to: paths.home, label: 'Home', icon: House, end: true, show: 'all' },
  { to: paths.events, label: 'Events', icon: CalendarDays, end: true, show: 'member' },
  { to: paths.createEvent, label: 'Create Event', icon: CirclePlus, show: 'admin' },
  { to: paths.settings, label: 'Settings', icon: Settings, show: 'member', className: 'nav-account' },
  { to: paths.adminSettings, label: 'Admin Settings', icon: ShieldCheck, show: 'admin', className: 'nav-admin' },
];

/** A guardian account sees its children and its settings, nothing of the member pages. */
const GUARDIAN_ITEMS: NavItem[] = [
  { to: paths.guardian, label: 'Your children', icon: Users, end: true, show: 'all' },
  { to: paths.settings, label: 'Settings', icon: Settings, show: 'all', className: 'nav-account' },
];

export function useNavItems(): NavItem[] {
  const { data: user } = useCurrentUser();
  if (user?.role === 'guardian') return GUARDIAN_ITEMS;
  return ITEMS.filter((item) => item.show === 'all' || (item.show === 'member' ? !!user : !!user?.isAdmin));
}

export function MainNav() {
  const items = useNavItems();
  return (
    <nav aria-label="Main" className={items.length > 1 ? 'main-nav' : 'main-nav main-nav-single'}>
      {items.map(({ to, label, icon: Icon, end, className = '' }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) => `nav-link ${className} ${isActive ? 'active' : ''}`}
        >
          <Icon size={20} aria-hidden="true" />
          <span>{label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
