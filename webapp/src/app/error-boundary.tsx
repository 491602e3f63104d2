// A readable screen instead of a blank page when rendering fails.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    // Nothing to report to: the screen below tells the person what to do.
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen message={this.state.error.message} />;
  }
}

export function ErrorScreen({ message }: { message?: string }) {
  return (
    <main className="error-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Please reload it; if that does not help, try again later.</p>
      {message && <pre className="error-details">{message}</pre>}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a className="button button-secondary" href="/">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
