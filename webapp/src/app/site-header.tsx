// The website's header, one row at every width: brand, navigation (the tab bar on phones), the search box and
// the account menu (Settings, Admin Settings, Logout) behind the member's avatar and name (SPEC §2). Inside
// Telegram the Layout shows the slim MiniBar instead.
import { useQueryClient } from '@tanstack/react-query';
import { CalendarHeart, ChevronDown, LogIn, LogOut, Search, Settings, ShieldCheck, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from '../lib/router';
import { Avatar } from '../components/avatar/avatar';
import { Button } from '../components/button/button';
import { Menu, MenuItem } from '../components/menu/menu';
import { toast, toastError } from '../components/toast-store';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/logout';
import { errorMessage } from '../lib/api-client';
import { clearSession, openAuthDialog, useCurrentUser } from '../lib/auth';
import { brandName } from '../lib/brand';
import { defineMessages, useT } from '../i18n';
import { richText } from '../components/rich-text/rich-text';
import { commonMessages } from '../components/common-messages';
import { MainNav } from './main-nav';

const messages = defineMessages({
  search: { id: 'web.app.header.search', defaultMessage: 'Search events' },
  searchPlaceholder: { id: 'web.app.header.searchPlaceholder', defaultMessage: 'Search events...' },
  closeSearch: { id: 'web.app.header.closeSearch', defaultMessage: 'Close search' },
  welcome: { id: 'web.app.header.welcome', defaultMessage: 'Welcome, {name}' },
  loggedOut: { id: 'web.app.header.loggedOut', defaultMessage: 'Logged out successfully' },
  home: { id: 'web.app.header.home', defaultMessage: '{brand} home' },
  tagline: { id: 'web.app.header.tagline', defaultMessage: 'Meet up, join in and stay in the loop' },
});

function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const t = useT();
  const [term, setTerm] = useState(params.get('q') ?? '');
  // Phones: the box opens over the header's row from a search button, so the row keeps the brand in sight.
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = term.trim();
    setOpen(false);
    void navigate(query ? `${paths.events}?q=${encodeURIComponent(query)}` : paths.events);
  };
  return (
    <>
      <button
        type="button"
        className="search-toggle"
        aria-label={t(messages.search)}
        aria-expanded={open}
        aria-controls="site-search-form"
        onClick={() => {
          setOpen(true);
          // The input is shown by this render: focus it right after, with the phone's keyboard.
          requestAnimationFrame(() => document.getElementById('site-search')?.focus());
        }}
      >
        <Search size={20} aria-hidden="true" />
      </button>
      <form
        id="site-search-form"
        role="search"
        className="search-box"
        data-open={open || undefined}
        onSubmit={submit}
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        <label htmlFor="site-search" className="visually-hidden">
          {t(messages.search)}
        </label>
        <Search size={18} aria-hidden="true" />
        <input
          id="site-search"
          type="search"
          placeholder={t(messages.searchPlaceholder)}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button
          type="button"
          className="search-close"
          aria-label={t(messages.closeSearch)}
          onClick={() => setOpen(false)}
        >
          <X size={20} aria-hidden="true" />
        </button>
      </form>
    </>
  );
}

/** 'Welcome, {name}' with the member's avatar (SPEC §2), in the Mini App's bar (the website's is the account button). */
export function Welcome() {
  const { data: user } = useCurrentUser();
  useT();
  if (!user) return null;
  return (
    <p className="welcome">
      <Avatar name={user.name} url={user.avatarUrl} size={32} />
      <span className="welcome-text">{richText(messages.welcome, { name: <strong>{user.name}</strong> })}</span>
    </p>
  );
}

/**
 * The signed-in member's button: avatar and 'Welcome, {name}' (SPEC §2), opening the account menu. Logout lives
 * only here, beside Settings and (for admins) Admin Settings, so the header's row stays light.
 */
function AccountButton() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const t = useT();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.home);
        toast({ title: t(messages.loggedOut) });
      },
      onError: (error) => {
        clearSession(queryClient);
        toastError(t(commonMessages.error), errorMessage(error));
      },
    });
  if (user) {
    return (
      <Menu
        trigger={
          <button
            type="button"
            className="account-button"
            disabled={logout.isPending}
            // The name stays the same where a phone shows the avatar alone.
            aria-label={t(messages.welcome, { name: user.name })}
          >
            <Avatar name={user.name} url={user.avatarUrl} size={32} />
            <span className="welcome-text">
              {richText(messages.welcome, { name: <strong>{user.name}</strong> }, (text, key) => (
                // Mid-width screens give up the greeting's words first and keep the name.
                <span key={key} className="welcome-word">
                  {text}
                </span>
              ))}
            </span>
            <ChevronDown size={16} aria-hidden="true" className="account-chevron" />
          </button>
        }
      >
        <MenuItem onSelect={() => void navigate(paths.settings)}>
          <Settings size={16} aria-hidden="true" /> {t(commonMessages.settings)}
        </MenuItem>
        {user.isAdmin && (
          <MenuItem onSelect={() => void navigate(paths.adminSettings)}>
            <ShieldCheck size={16} aria-hidden="true" /> {t(commonMessages.adminSettings)}
          </MenuItem>
        )}
        <MenuItem onSelect={signOut}>
          <LogOut size={16} aria-hidden="true" /> {t(commonMessages.logout)}
        </MenuItem>
      </Menu>
    );
  }
  // Undefined while the current user loads: no flash of a Login button for a signed-in member.
  if (user === null) {
    return (
      <Button size="small" onClick={openAuthDialog}>
        <LogIn size={18} aria-hidden="true" />
        {t(commonMessages.login)}
      </Button>
    );
  }
  return null;
}

export function SiteHeader() {
  const name = brandName();
  const t = useT();
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to={paths.home} className="brand" aria-label={t(messages.home, { brand: name })}>
          <span className="brand-mark" aria-hidden="true">
            <CalendarHeart size={20} />
          </span>
          <span className="brand-text">
            <span className="brand-title">{name}</span>
            <span className="brand-tagline">{t(messages.tagline)}</span>
          </span>
        </Link>
        <MainNav />
        <SearchBox />
        <div className="header-user">
          <AccountButton />
        </div>
      </div>
    </header>
  );
}
