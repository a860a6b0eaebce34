import { useId, type ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Buttons or links beside the heading (wrapping under it on a phone). */
  actions?: ReactNode;
  /** The page's own class, for what only it styles. */
  className?: string;
  children?: ReactNode;
}

/** A school-area page: its <h1> with optional actions, then its content; the section is named by the heading. */
export function PageFrame({ title, actions, className, children }: PageFrameProps) {
  const titleId = useId();
  return (
    <section className={className ? `page-frame ${className}` : 'page-frame'} aria-labelledby={titleId}>
      <div className="page-head">
        <h1 id={titleId}>{title}</h1>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
