// Providers and routes. Every screen is its own chunk (route-level code splitting), and so is the Telegram bridge.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Switch, useLocation } from '../lib/router';
import { ToasterHost } from '../components/toaster-host';
import { Skeleton } from '../components/skeleton/skeleton';
import { createQueryClient } from '../lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { Layout } from './layout';
import { eventDetailsPage, eventsListPage, homePage } from './pages';
import { isMiniApp } from '../lib/telegram-mini-app';
import { PendingGate, ProtectedRoute, SignedInRoute } from './protected-route';
import { RouteFocus } from './route-focus';
import { commonMessages } from '../components/common-messages';
import { useT } from '../i18n';
import { useCurrentUser } from '../lib/auth';

/** The first-run setup's card above an admin's home; nobody else loads its code. */
function AdminFirstRun() {
  const { data: user } = useCurrentUser();
  if (!user?.isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <FirstRunSetup />
    </Suspense>
  );
}

const { Page: HomePage } = homePage;
const { Page: EventsListPage } = eventsListPage;
const { Page: EventDetailsPage } = eventDetailsPage;
const CreateEventPage = lazy(() =>
  import('../features/events/components/form/create-event-page').then((m) => ({ default: m.CreateEventPage })),
);
// Only a visitor who opened a shared link needs it.
const EventTeaser = lazy(() =>
  import('../features/events/components/details/event-preview').then((m) => ({ default: m.EventTeaser })),
);
const EditEventPage = lazy(() =>
  import('../features/events/components/form/edit-event-page').then((m) => ({ default: m.EditEventPage })),
);
// An event's leaders only, and only for a trip.
const RegisterPage = lazy(() =>
  import('../features/events/components/register/register-page').then((m) => ({ default: m.RegisterPage })),
);
const TripSheetPage = lazy(() =>
  import('../features/care/components/trip-sheet-page').then((m) => ({ default: m.TripSheetPage })),
);
const SettingsPage = lazy(() =>
  import('../features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const AdminSettingsPage = lazy(() =>
  import('../features/admin/components/admin-settings-page').then((m) => ({ default: m.AdminSettingsPage })),
);
// Admins only, and only until the organisation's settings are first saved.
const FirstRunSetup = lazy(() =>
  import('../features/admin/components/first-run-setup').then((m) => ({ default: m.FirstRunSetup })),
);
const TelegramCallbackPage = lazy(() =>
  import('../features/telegram/components/telegram-callback-page').then((m) => ({ default: m.TelegramCallbackPage })),
);

const JoinPage = lazy(() =>
  import('../features/membership/components/join-page').then((m) => ({ default: m.JoinPage })),
);

const ConsentPage = lazy(() =>
  import('../features/guardian/components/consent-page').then((m) => ({ default: m.ConsentPage })),
);
const GuardianPage = lazy(() =>
  import('../features/guardian/components/guardian-page').then((m) => ({ default: m.GuardianPage })),
);

const NotFoundPage = lazy(() => import('./not-found').then((m) => ({ default: m.NotFoundPage })));
// Only Telegram needs the bridge (BackButton, start parameter): a website visitor never loads it.
const MiniAppBridge = lazy(() => import('./mini-app-bridge').then((m) => ({ default: m.MiniAppBridge })));

import { LanguageFollowsMember } from './language-follows-member';

const protect = (page: ReactNode) => <ProtectedRoute>{page}</ProtectedRoute>;

/** A page that failed to render (or whose code failed to load) does not hold the others hostage. */
function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} inLayout>
      {children}
    </ErrorBoundary>
  );
}

/** `queryClient`: main.tsx's, which already holds the first screen's requests (app/preload.ts). */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const t = useT();
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          {isMiniApp() && (
            <Suspense fallback={null}>
              <MiniAppBridge />
            </Suspense>
          )}
          <RouteFocus />
          <LanguageFollowsMember />
          <Layout>
            <RouteErrorBoundary>
              <Suspense fallback={<Skeleton label={t(commonMessages.loading)} />}>
                <Switch>
                  <Route path="/">
                    <PendingGate>
                      <AdminFirstRun />
                      <HomePage />
                    </PendingGate>
                  </Route>
                  <Route path="/events">{protect(<EventsListPage />)}</Route>
                  <Route path="/events/create">{protect(<CreateEventPage />)}</Route>
                  <Route path="/events/:id/edit">{protect(<EditEventPage />)}</Route>
                  <Route path="/events/:id/trip-sheet">{protect(<TripSheetPage />)}</Route>
                  <Route path="/events/:id/register">{protect(<RegisterPage />)}</Route>
                  <Route path="/events/:id">
                    <ProtectedRoute
                      visitorPage={(signIn) => (
                        <Suspense fallback={<Skeleton label={t(commonMessages.loading)} />}>
                          <EventTeaser signIn={signIn} />
                        </Suspense>
                      )}
                    >
                      <EventDetailsPage />
                    </ProtectedRoute>
                  </Route>
                  <Route path="/settings">{protect(<SettingsPage />)}</Route>
                  <Route path="/admin/settings">{protect(<AdminSettingsPage />)}</Route>
                  <Route path="/join/:code">
                    <JoinPage />
                  </Route>
                  {/* Open to accounts waiting for approval: a guardian need not be a member. */}
                  <Route path="/guardian/consent">
                    <ConsentPage />
                  </Route>
                  <Route path="/guardian">
                    <SignedInRoute>
                      <GuardianPage />
                    </SignedInRoute>
                  </Route>
                  <Route path="/telegram-auth-callback">
                    <TelegramCallbackPage />
                  </Route>
                  <Route>
                    <NotFoundPage />
                  </Route>
                </Switch>
              </Suspense>
            </RouteErrorBoundary>
          </Layout>
        </BrowserRouter>
        <ToasterHost />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
