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

/**
 * What the widget was asked to show does not exist (a 404): says so plainly, with a hint what to do
 * next; no retry, since asking again would not help.
 */
export function NotFoundState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="ch-status ch-not-found" role="status" part="status">
      <h2 className="ch-status-title">{title}</h2>
      <p>{hint}</p>
    </div>
  );
}
