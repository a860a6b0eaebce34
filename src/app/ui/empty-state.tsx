import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  text?: ReactNode;
  /** What to do about it, e.g. a button that creates the first item. */
  action?: ReactNode;
}

/** A list with nothing in it yet: what is missing, why, and what to do (the groups page's look). */
export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {text ? <p className="muted">{text}</p> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
