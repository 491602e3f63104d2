// The app shell (SPEC §2). Website: header, sidebar (wide screens), content, footer; on phones the navigation
// is a bottom tab bar. Inside Telegram: Telegram's own chrome replaces the header and footer; a slim greeting
// and the same tab bar remain, and Telegram's BackButton and MainButton do the rest (mini-app-bridge).
import { lazy, Suspense, type ReactNode } from 'react';
import { LoginDialogHost } from '../features/auth/components/login-dialog-host';
import { useCurrentUser } from '../lib/auth';
import { brandName } from '../lib/brand';
import { isMiniApp } from '../lib/telegram-mini-app';
import { defineMessages, useT } from '../i18n';
import { MainNav } from './main-nav';
import { Sidebar } from './sidebar';
import { SiteHeader, Welcome } from './site-header';

function Content({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="content" tabIndex={-1}>
      {children}
    </main>
  );
}

// Signed out only: a member's first page needs neither its code nor its words.
const LanguagePicker = lazy(() =>
  import('../components/language-picker/language-picker').then((m) => ({ default: m.LanguagePicker })),
);

/** Signed out, the language is chosen here; a member chooses in Settings. */
function SignedOutLanguagePicker() {
  const { data: user, isPending } = useCurrentUser();
  return isPending || user ? null : (
    <Suspense fallback={null}>
      <LanguagePicker compact />
    </Suspense>
  );
}

const messages = defineMessages({
  skip: { id: 'web.app.layout.skip', defaultMessage: 'Skip to content' },
  copyright: { id: 'web.app.layout.copyright', defaultMessage: '© {year} {brand}. All rights reserved.' },
});

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  if (isMiniApp()) {
    return (
      <div className="layout mini-app">
        <div className="mini-bar">
          <Welcome />
          <MainNav />
        </div>
        <div className="layout-body">
          <Content>{children}</Content>
        </div>
      </div>
    );
  }
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t(messages.skip)}
      </a>
      <SiteHeader />
      <div className="layout-body">
        <Sidebar />
        <Content>{children}</Content>
      </div>
      <footer className="site-footer">
        <SignedOutLanguagePicker />
        {/* The year as a plain number: a year is no quantity to group ('2,026'). */}
        <p>{t(messages.copyright, { year: String(new Date().getFullYear()), brand: brandName() })}</p>
      </footer>
      <LoginDialogHost />
    </div>
  );
}
