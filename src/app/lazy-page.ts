import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

// Bumped by the page boundary's retry button: the only moment a failed page is imported again.
let retryGeneration = 0;

export function retryFailedPages(): void {
  retryGeneration += 1;
}

/**
 * React.lazy keeps a failed import forever. Here a failed page imports afresh after the user asks
 * for a retry, and only then (React re-renders a suspended tree on its own; retrying there would
 * loop on a lost connection).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): (props: P) => ReactElement {
  let failedAt: number | null = null;
  const make = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedAt = retryGeneration;
        throw error;
      }),
    );
  let current = make();
  return function LazyPage(props: P) {
    if (failedAt !== null && retryGeneration > failedAt) {
      failedAt = null;
      current = make();
    }
    return createElement(current, props);
  };
}

/** Browsers cache a failed module fetch; only a reload fetches such a chunk again. */
export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}
