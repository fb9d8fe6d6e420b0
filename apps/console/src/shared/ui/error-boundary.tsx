// A render failure shows what happened and a way back, instead of a blank page.
import { Component, type ReactNode } from 'react';
import { Translation } from 'react-i18next';

type State = { failed: boolean };

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <div role="alert" className="space-y-3 p-6">
            <p>{t('errors.page')}</p>
            <button type="button" className="btn-ghost" onClick={() => window.location.reload()}>
              {t('common.reload')}
            </button>
          </div>
        )}
      </Translation>
    );
  }
}
