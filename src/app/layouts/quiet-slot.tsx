import { Component, Suspense, type ReactNode } from 'react';

class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Room for an extra of the shell loaded on its own (a menu count, the assistant's button): nothing
 * while its code loads, and nothing if it fails to — the page around it never waits or breaks.
 */
export function QuietSlot({ children }: { children: ReactNode }) {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  );
}
