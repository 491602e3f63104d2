// Header, sidebar, content and footer (SPEC §2), with navigation by role.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, NavLink, useNavigate, useSearchParams } from 'react-router-dom';
import { toast, toastError } from '../components/toast-store';
import { paths } from '../config/paths';
import { useLogout } from '../features/auth/api/logout';
import { LoginDialogHost } from '../features/auth/components/login-dialog-host';
import { errorMessage } from '../lib/api-client';
import { openAuthDialog, useCurrentUser } from '../lib/auth';
import { isMiniApp } from '../lib/telegram-mini-app';

const LATEST_UPDATES = [
  { date: 'Nov 18, 2026', text: 'Winter camp registrations open next week.' },
  { date: 'Nov 10, 2026', text: 'Telegram notifications are now available in Settings.' },
  { date: 'Nov 2, 2026', text: 'Thanks to everyone who joined the autumn clean-up!' },
];

function Avatar({ name, url }: { name: string; url: string | null }) {
  if (url) return <img className="avatar" src={url} alt="" width={32} height={32} />;
  return (
    <span className="avatar avatar-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [term, setTerm] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = term.trim();
    navigate(query ? `${paths.events}?q=${encodeURIComponent(query)}` : paths.events);
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search events
      </label>
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

function Header() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        navigate(paths.home);
        toast({ title: 'Logged out successfully' });
      },
      onError: (error) => {
        queryClient.clear();
        toastError('Error', errorMessage(error));
      },
    });
  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav-link active' : 'nav-link');

  return (
    <header className="site-header">
      <div className="brand">
        <Link to={paths.home} className="brand-title">
          Community Events
        </Link>
        <p className="brand-tagline">Meet up, join in and stay in the loop</p>
      </div>
      <nav aria-label="Main" className="main-nav">
        <NavLink to={paths.home} end className={navClass}>
          Home
        </NavLink>
        {user && (
          <NavLink to={paths.events} end className={navClass}>
            Events
          </NavLink>
        )}
        {user?.isAdmin && (
          <NavLink to={paths.createEvent} className={navClass}>
            Create Event
          </NavLink>
        )}
        {user && (
          <NavLink to={paths.settings} className={navClass}>
            Settings
          </NavLink>
        )}
        {/* Inside Telegram the sidebar is hidden, and with it the only way to the admin screens. */}
        {user?.isAdmin && isMiniApp() && (
          <NavLink to={paths.adminSettings} className={navClass}>
            Admin Settings
          </NavLink>
        )}
        {user
          ? !isMiniApp() && (
              <button type="button" className="nav-button" onClick={signOut} disabled={logout.isPending}>
                Logout
              </button>
            )
          : user === null && (
              <button type="button" className="nav-button" onClick={openAuthDialog}>
                Login
              </button>
            )}
      </nav>
      <div className="header-side">
        {user && (
          <p className="welcome">
            <Avatar name={user.name} url={user.avatarUrl} />
            <span>
              Welcome, <strong>{user.name}</strong>
            </span>
          </p>
        )}
        <SearchBox />
      </div>
    </header>
  );
}

function Sidebar() {
  const { data: user } = useCurrentUser();
  return (
    <aside className="sidebar">
      <nav aria-label="Sidebar">
        <ul className="sidebar-links">
          <li>
            <Link to={paths.home}>Home</Link>
          </li>
          {user && (
            <li>
              <Link to={paths.events}>Events</Link>
            </li>
          )}
          {user && (
            <li>
              <Link to={paths.settings}>Settings</Link>
            </li>
          )}
          {user?.isAdmin && (
            <li>
              <Link to={paths.createEvent}>Create Event</Link>
            </li>
          )}
          {user?.isAdmin && (
            <li>
              <Link to={paths.adminSettings}>Admin Settings</Link>
            </li>
          )}
        </ul>
      </nav>
      <section className="latest-updates" aria-labelledby="latest-updates-title">
        <h2 id="latest-updates-title">Latest Updates</h2>
        <ul>
          {LATEST_UPDATES.map((item) => (
            <li key={item.date}>
              <time>{item.date}</time>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <div className="layout-body">
        <Sidebar />
        <main id="main" className="content" tabIndex={-1}>
          {children}
        </main>
      </div>
      <footer className="site-footer">
        <p>© {new Date().getFullYear()} Community Events. All rights reserved.</p>
      </footer>
      <LoginDialogHost />
    </div>
  );
}
