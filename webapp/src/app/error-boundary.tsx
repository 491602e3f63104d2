// A readable screen instead of a blank page when rendering fails.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buttonClass } from '../components/button/button';
import { commonMessages } from '../components/common-messages';
import { defineMessages, useT } from '../i18n';

const messages = defineMessages({
  text: {
    id: 'web.app.error.text',
    defaultMessage: 'The page could not be shown. Please reload it; if that does not help, try again later.',
  },
  reload: { id: 'web.app.error.reload', defaultMessage: 'Reload page' },
});

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
  const t = useT();
  return (
    <Landmark className="error-screen" role="alert">
      <h1>{t(commonMessages.somethingWentWrong)}</h1>
      <p>{t(messages.text)}</p>
      {message && <pre className="error-details">{message}</pre>}
      <div className="button-group">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          {t(messages.reload)}
        </button>
        <a className={buttonClass({ variant: 'secondary' })} href="/">
          {t(commonMessages.goHome)}
        </a>
      </div>
    </Landmark>
  );
}
