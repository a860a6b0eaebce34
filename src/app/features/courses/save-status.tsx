import { coursesMessages } from '#core';
import type { SaveState } from './use-autosave.ts';

const t = coursesMessages;

/** The autosave's state, read out as it changes: saving, saved, or why not with a retry. */
export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div className={`save-status ${state.status}`} aria-live="polite">
      {state.status === 'saving' ? <span>{t.saveSaving}</span> : null}
      {state.status === 'saved' ? <span>{t.saveSaved}</span> : null}
      {state.status === 'failed' ? (
        <>
          <span>{t.saveFailed(state.reason)}</span>{' '}
          <button type="button" className="button small secondary" onClick={onRetry}>
            {t.saveRetry}
          </button>
        </>
      ) : null}
    </div>
  );
}
