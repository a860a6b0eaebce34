import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

function show(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(<ConfirmDialog title="Удалить курс?" message="Курс «Python» будет удалён без возврата." confirmLabel="Удалить" onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Удалить курс?' }) };
}

describe('ConfirmDialog', () => {
  it('is a dialog described by its message, with focus on the cancel button', () => {
    const { dialog } = show();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Курс «Python» будет удалён без возврата.');
    const cancel = within(dialog).getByRole('button', { name: 'Отмена' });
    expect(document.activeElement).toBe(cancel);
    expect(within(dialog).getByRole('button', { name: 'Удалить' }).className).toBe('button primary');
  });

  it('confirms, cancels, and cancels on Escape and on the close button', () => {
    const { dialog, onConfirm, onCancel } = show({ cancelLabel: 'Оставить' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Оставить' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(onCancel).toHaveBeenCalledTimes(3);
  });

  it('has a red confirm button for a destructive action, disabled while it runs', () => {
    const { dialog, onConfirm } = show({ danger: true, busy: true });
    const confirm = within(dialog).getByRole('button', { name: 'Удалить' }) as HTMLButtonElement;
    expect(confirm.className).toBe('button primary danger');
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows why the action failed under its message, outside the description', () => {
    const { dialog } = show({ error: 'Курс не удалён: нет доступа.' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Курс не удалён: нет доступа.');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Курс «Python» будет удалён без возврата.');
  });
});
