// Routing, on wouter (a small, well-kept router): every screen imports its routes, links and location from here,
// so the app depends on one module for them. It keeps two behaviours the app relies on:
// - A navigation renders as a transition: the page on screen stays until the next one has its code and its words,
//   instead of a skeleton in between. wouter reads the address with useSyncExternalStore, whose updates are never
//   transitions; the routes therefore see a deferred copy of it (useDeferredValue), which React renders in the
//   background and shows once nothing in it suspends.
// - Each history entry the app adds carries `idx`, its depth in the app's history (0 where the app was opened):
//   Telegram's BackButton goes back only when there is a page of the app to go back to (app/mini-app-bridge.tsx).
import {
  createContext,
  forwardRef,
  useContext,
  useDeferredValue,
  useMemo,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';
import { Link as WouterLink, Router, useLocation as useWouterLocation } from 'wouter';
import { navigate as browserNavigate, usePathname, useSearch } from 'wouter/use-browser-location';

export { Redirect as Navigate, Route, Switch, useParams, useSearchParams } from 'wouter';

interface NavigateOptions {
  replace?: boolean;
}

/** The current entry's depth in the app's history: 0 where the app was opened (an entry it did not add). */
export const historyIndex = (): number => (window.history.state as { idx?: number } | null)?.idx ?? 0;

function navigate(to: string, { replace = false }: NavigateOptions = {}) {
  // A link to the page on screen replaces its entry: Back then leaves the page instead of showing it again.
  const keep = replace || new URL(to, window.location.href).href === window.location.href;
  browserNavigate(to, { replace: keep, state: { idx: keep ? historyIndex() : historyIndex() + 1 } });
}

/** `navigate(-1)` goes back in history; a path adds an entry (or replaces the current one). */
function go(to: string | number, options?: NavigateOptions) {
  if (typeof to === 'number') window.history.go(to);
  else navigate(to, options);
}
export const useNavigate = () => go;

const Shown = createContext({ path: '/', search: '' });
const useShownLocation = (): [string, typeof navigate] => [useContext(Shown).path, navigate];
const useShownSearch = () => useContext(Shown).search;

export function BrowserRouter({ children }: { children: ReactNode }) {
  const path = usePathname();
  const search = useSearch();
  const shown = useDeferredValue(useMemo(() => ({ path, search }), [path, search]));
  return (
    <Shown.Provider value={shown}>
      <Router hook={useShownLocation} searchHook={useShownSearch}>
        {children}
      </Router>
    </Shown.Provider>
  );
}

/** The address the routes show: its path and its query (with its `?`, or empty). */
export function useLocation() {
  const [pathname] = useWouterLocation();
  return { pathname, search: useShownSearch() };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path, or `{ search }` for another query on the same page. */
  to: string | { search: string };
  replace?: boolean;
};

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  return <WouterLink ref={ref} to={typeof to === 'string' ? to : to.search} {...props} />;
});

/** A link that says whether it is the page on screen (`aria-current`), or one of its inner pages unless `end`. */
export function NavLink({
  to,
  end = false,
  className,
  ...props
}: Omit<LinkProps, 'to' | 'className'> & {
  to: string;
  end?: boolean;
  className: (state: { isActive: boolean }) => string;
}) {
  const [pathname] = useWouterLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(`${to}/`));
  return <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined} {...props} />;
}
