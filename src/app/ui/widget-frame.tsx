import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { baseStyles } from '../../views/shared/base.styles.ts';

/**
 * Shows a widget's React component inside the app the way the widget shows itself elsewhere: in a
 * shadow root with its stylesheet adopted (no global CSS leaks either way; allowed by our CSP).
 */
export function WidgetFrame({ css, children }: { css: string; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const element = host.current!;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(baseStyles + css);
    shadow.adoptedStyleSheets = [sheet];
    setRoot(shadow);
  }, [css]);
  return <div ref={host} className="widget-frame">{root ? createPortal(children, root) : null}</div>;
}
