import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useScrollHint } from './use-scroll-hint.ts';

function Bar() {
  const ref = useScrollHint<HTMLElement>();
  return (
    <nav ref={ref} aria-label="Меню">
      <ul>
        <li>
          <a href="/a">Курсы</a>
        </li>
      </ul>
    </nav>
  );
}

/** happy-dom lays nothing out: the bar's sizes are given, as a 390 px screen would have them. */
function sized(bar: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(bar, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(bar, 'clientWidth', { configurable: true, get: () => clientWidth });
}

describe('useScrollHint', () => {
  it('marks the side where more of the bar lies, following the scroll to the end', () => {
    render(<Bar />);
    const bar = screen.getByRole('navigation');
    sized(bar, 1200, 390);
    fireEvent.scroll(bar);
    expect(bar.hasAttribute('data-more-after')).toBe(true);
    expect(bar.hasAttribute('data-more-before')).toBe(false);

    bar.scrollLeft = 400;
    fireEvent.scroll(bar);
    expect(bar.hasAttribute('data-more-after')).toBe(true);
    expect(bar.hasAttribute('data-more-before')).toBe(true);

    bar.scrollLeft = 810;
    fireEvent.scroll(bar);
    expect(bar.hasAttribute('data-more-after')).toBe(false);
    expect(bar.hasAttribute('data-more-before')).toBe(true);
    // The links stay a plain list of links, reachable by keyboard.
    expect(screen.getByRole('link', { name: 'Курсы' }).getAttribute('href')).toBe('/a');
  });

  it('gives no hint when everything fits', () => {
    render(<Bar />);
    const bar = screen.getByRole('navigation');
    sized(bar, 390, 390);
    fireEvent.scroll(bar);
    expect(bar.hasAttribute('data-more-after')).toBe(false);
    expect(bar.hasAttribute('data-more-before')).toBe(false);
  });
});
