import { useEffect, useRef } from 'react';

/**
 * For a bar that scrolls sideways (the school menu below 640 px): marks it data-more-before /
 * data-more-after while items lie off-screen on that side, so CSS fades that edge as a hint that
 * there is more. Attributes, not state: scrolling re-renders nothing. The bar's first child is
 * watched too, as the menu's items change with the role without the bar changing size.
 */
export function useScrollHint<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return undefined;
    const update = () => {
      const end = bar.scrollWidth - bar.clientWidth;
      // A pixel of slack: scroll positions are fractional on zoomed and high-density screens.
      bar.toggleAttribute('data-more-before', bar.scrollLeft > 1);
      bar.toggleAttribute('data-more-after', bar.scrollLeft < end - 1);
    };
    update();
    bar.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(bar);
    if (bar.firstElementChild) observer?.observe(bar.firstElementChild);
    return () => {
      bar.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);
  return ref;
}
