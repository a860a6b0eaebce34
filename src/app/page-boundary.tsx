import { appMessages, commonMessages } from '#core';
import { Component, type ReactNode } from 'react';
import { isChunkLoadError, retryFailedPages } from './lazy-page.ts';

/**
 * A page whose code failed to load (a lost connection, a deploy that replaced the chunk) or that
 * crashed shows a retry instead of a blank screen.
 */
export class PageBoundary extends Component<{ children: ReactNode }, { failed: boolean; attempt: number; reload: boolean }> {
  override state = { failed: false, attempt: 0, reload: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, reload: isChunkLoadError(error) };
  }

  retry() {
    if (this.state.reload) {
      window.location.reload();
      return;
    }
    retryFailedPages();
    this.setState((s) => ({ failed: false, attempt: s.attempt + 1, reload: false }));
  }

  override componentDidCatch(error: unknown) {
    console.error('page failed', error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <div className="page-error" role="alert">
          <p>{appMessages.pageLoadFailed}</p>
          <button type="button" className="button primary" onClick={() => this.retry()}>
            {commonMessages.retry}
          </button>
        </div>
      );
    }
    return <PageAttempt key={this.state.attempt}>{this.props.children}</PageAttempt>;
  }
}

function PageAttempt({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

export function PageLoading() {
  return (
    <p className="boot" role="status" aria-live="polite">
      {commonMessages.loading}
    </p>
  );
}
