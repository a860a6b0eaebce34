import { commonMessages } from '#core';

/** A list or page that failed to load: the reason, announced, and a button to try again. */
export function LoadError({ message, onRetry, small = true }: { message: string; onRetry: () => void; small?: boolean }) {
  return (
    <div role="alert">
      <p className="form-error">{message}</p>
      <button type="button" className={`button primary${small ? ' small' : ''}`} onClick={onRetry}>
        {commonMessages.retry}
      </button>
    </div>
  );
}
