// A readable screen instead of a blank page when rendering fails.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../components/button/button';

interface Props {
  children: ReactNode;
  /** When this changes (the route), a shown error is cleared: the next page gets its chance. */
  resetKey?: unknown;
  /** Inside the layout, whose <main> already holds the content. */
  inLayout?: boolean;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(_error: Error, _info: ErrorInfo) {
    // Nothing to report to: the screen below tells the person what to do.
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen message={this.state.error.message} inLayout={this.props.inLayout} />;
  }
}

export function ErrorScreen({ message, inLayout = false }: { message?: string; inLayout?: boolean }) {
  const Landmark = inLayout ? 'section' : 'main';
  return (
    <Landmark className="error-screen" role="alert">
      <h1>Something went wrong</h1>
      <p>The page could not be shown. Please reload it; if that does not help, try again later.</p>
      {message && <pre className="error-details">{message}</pre>}
      <div className="button-group">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a className={buttonClass({ variant: 'secondary' })} href="/">
          Go to the home page
        </a>
      </div>
    </Landmark>
  );
}
