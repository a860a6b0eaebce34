import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../../tests/setup/console-guard.ts';
import { lazyPage } from '../lazy-page.ts';
import { QuietSlot } from './quiet-slot.tsx';

describe('QuietSlot', () => {
  it('shows nothing while the extra loads, then the extra', async () => {
    const Extra = lazyPage(() => Promise.resolve({ default: () => <span>3</span> }));
    const { container } = render(
      <p>
        Заявки
        <QuietSlot>
          <Extra />
        </QuietSlot>
      </p>,
    );
    expect(container.textContent).toBe('Заявки');
    expect(await screen.findByText('3')).toBeTruthy();
  });

  it('shows nothing, and keeps the page, when the extra fails', () => {
    // React reports an error its boundary caught.
    expectConsole('error', /chunk failed|above error|boundary/i);
    const Broken = (): never => {
      throw new Error('chunk failed');
    };
    const { container } = render(
      <p>
        Заявки
        <QuietSlot>
          <Broken />
        </QuietSlot>
      </p>,
    );
    expect(container.textContent).toBe('Заявки');
    expect(screen.queryByRole('alert')).toBeNull();
  });

});
