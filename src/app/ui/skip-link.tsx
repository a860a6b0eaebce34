import { commonMessages } from '#core';
import type { MouseEvent } from 'react';

/**
 * «Перейти к содержимому»: the first stop of the keyboard on every page (WCAG 2.4.1), shown when
 * focused; it moves the focus to the page's main landmark (each page renders its own <main>), past
 * the header and the menu. The link's own address is #main for a reader that lists links.
 */
export function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    // Handled here, before the router's click listener would take the link for a navigation.
    event.preventDefault();
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    <a className="skip-link" href="#main" onClick={skip}>
      {commonMessages.skipToContent}
    </a>
  );
}
