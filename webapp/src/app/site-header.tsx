// The website's header: brand, navigation, the search box and the signed-in member (SPEC §2). Inside
// Telegram the Layout shows the slim MiniBar instead.
import { useQueryClient } from '@tanstack/react-query';
import { CalendarHeart, LogIn, LogOut, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Avatar } from '../components/avatar/avatar';
import { Button } from '../components/button/button';
import { toast, toastError } from '../components/toast-store';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/logout';
import { errorMessage } from '../lib/api-client';
import { clearSession, openAuthDialog, useCurrentUser } from '../lib/auth';
import { brandName } from '../lib/brand';
import { MainNav } from './main-nav';

function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [term, setTerm] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = term.trim();
    void navigate(query ? `${paths.events}?q=${encodeURIComponent(query)}` : paths.events);
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search events
      </label>
      <Search size={18} aria-hidden="true" />
      <input
        id="site-search"
        type="search"
        placeholder="Search events..."
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
    </form>
  );
}

/** 'Welcome, {name}' with the member's avatar (SPEC §2); the website header and the Mini App bar share it. */
export function Welcome() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <p className="welcome">
      <Avatar name={user.name} url={user.avatarUrl} size={32} />
      <span className="welcome-text">
        Welcome, <strong>{user.name}</strong>
      </span>
    </p>
  );
}

function AccountButton() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        void navigate(paths.home);
        toast({ title: 'Logged out successfully' });
      },
      onError: (error) => {
        clearSession(queryClient);
        toastError('Error', errorMessage(error));
      },
    });
  if (user) {
    return (
      <Button variant="ghost" size="small" onClick={signOut} disabled={logout.isPending}>
        <LogOut size={18} aria-hidden="true" />
        Logout
      </Button>
    );
  }
  // Undefined while the current user loads: no flash of a Login button for a signed-in member.
  if (user === null) {
    return (
      <Button size="small" onClick={openAuthDialog}>
        <LogIn size={18} aria-hidden="true" />
        Login
      </Button>
    );
  }
  return null;
}

export function SiteHeader() {
  const name = brandName();
  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to={paths.home} className="brand" aria-label={`${name} home`}>
          <span className="brand-mark" aria-hidden="true">
            <CalendarHeart size={20} />
          </span>
          <span className="brand-text">
            <span className="brand-title">{name}</span>
            <span className="brand-tagline">Meet up, join in and stay in the loop</span>
          </span>
        </Link>
        <MainNav />
        <SearchBox />
        <div className="header-user">
          <Welcome />
          <AccountButton />
        </div>
      </div>
    </header>
  );
}
