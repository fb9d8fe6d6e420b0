// Catches a render crash so one broken screen does not blank the whole app.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n';

type Props = { children: ReactNode };
type State = { failed: boolean };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Screen crashed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6">
        <p className="text-lg">{i18n.t('app.crashed')}</p>
        <button
          type="button"
          className="btn-gold"
          onClick={() => {
            window.location.reload();
          }}
        >
          {i18n.t('app.reload')}
        </button>
      </div>
    );
  }
}
