import { commonMessages } from '#core';

export function Loading({ text = commonMessages.loading }: { text?: string }) {
  return (
    <div className="ch-status" role="status" aria-live="polite" part="status">
      <span className="ch-spinner" aria-hidden="true" />
      {text}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="ch-status ch-error" role="alert" part="error">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="ch-button" part="button retry" onClick={onRetry}>
          {commonMessages.retry}
        </button>
      ) : null}
    </div>
  );
}
