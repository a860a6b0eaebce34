import { fireEvent, render, screen, within } from '@testing-library/react';
import { useRef, useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal, type ModalProps } from './modal.tsx';

/** A page with the button that opens the dialog. */
function Harness({ children, ...props }: Partial<ModalProps> & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Открыть
      </button>
      {open ? (
        <Modal title="Новый курс" onClose={() => setOpen(false)} {...props}>
          {children}
        </Modal>
      ) : null}
    </>
  );
}

function open(node: ReactNode = <Harness />) {
  const view = render(node);
  const opener = screen.getByRole('button', { name: 'Открыть' });
  opener.focus();
  fireEvent.click(opener);
  return { ...view, opener, dialog: screen.getByRole('dialog') };
}

const form = (
  <>
    <label>
      Название
      <input name="title" />
    </label>
    <button type="button">Сохранить</button>
  </>
);

describe('Modal', () => {
  it('is a labelled modal dialog in a portal on the body, with a close button, and the page does not scroll', () => {
    const { dialog, container } = open(<Harness footer={<button type="button">Готово</button>}>{form}</Harness>);
    expect(container.contains(dialog)).toBe(false);
    expect(dialog.parentElement!.className).toBe('modal-backdrop');
    expect(dialog.parentElement!.parentElement).toBe(document.body);
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Новый курс' })).toBe(dialog);
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Новый курс' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Закрыть' }).className).toBe('modal-close');
    expect(within(dialog).getByRole('button', { name: 'Готово' }).parentElement!.className).toBe('modal-actions modal-footer');
    expect(document.body.classList.contains('modal-open')).toBe(true);
  });

  it('puts focus on the first control of its content, not on the close button', () => {
    open(<Harness>{form}</Harness>);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Название' }));
  });

  it('focuses the dialog itself when it has nothing else to focus', () => {
    const { dialog } = open(<Harness>Курс сохранён.</Harness>);
    expect(document.activeElement).toBe(dialog);
  });

  it('focuses what it is told to', () => {
    function Told() {
      const button = useRef<HTMLButtonElement>(null);
      return (
        <Harness initialFocus={button}>
          <input aria-label="Поле" />
          <button ref={button} type="button">
            Второй
          </button>
        </Harness>
      );
    }
    open(<Told />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Второй' }));
  });

  it('closes on Escape and gives focus back to the opener; the page scrolls again', () => {
    const { opener } = open(<Harness>{form}</Harness>);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });

  it('closes with the close button', () => {
    const { opener, dialog } = open(<Harness>{form}</Harness>);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('returns focus to the opener it is given', () => {
    function GivenOpener() {
      const [open, setOpen] = useState(false);
      const [target, setTarget] = useState<HTMLElement | null>(null);
      return (
        <>
          <button ref={setTarget} type="button">
            Куда вернуться
          </button>
          <button type="button" onClick={() => setOpen(true)}>
            Открыть
          </button>
          {open ? <Modal title="Окно" opener={target} onClose={() => setOpen(false)} /> : null}
        </>
      );
    }
    open(<GivenOpener />);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Куда вернуться' }));
  });

  it('keeps Tab and Shift+Tab inside, and brings focus back in from outside', () => {
    const { dialog, opener } = open(<Harness footer={<button type="button">Готово</button>}>{form}</Harness>);
    const close = within(dialog).getByRole('button', { name: 'Закрыть' });
    const done = within(dialog).getByRole('button', { name: 'Готово' });
    done.focus();
    fireEvent.keyDown(done, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(done);
    // A Tab in the middle is left to the browser.
    const input = within(dialog).getByRole('textbox');
    input.focus();
    expect(fireEvent.keyDown(input, { key: 'Tab' })).toBe(true);
    opener.focus();
    fireEvent.keyDown(opener, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('does not let a press on the backdrop take focus out, nor close the dialog', () => {
    const { dialog } = open(<Harness>{form}</Harness>);
    expect(fireEvent.mouseDown(dialog.parentElement!)).toBe(false);
    expect(fireEvent.mouseDown(dialog)).toBe(true);
    fireEvent.click(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('closes on a double click on the backdrop when asked to, never on one inside, and gives focus back', () => {
    const { dialog, opener } = open(<Harness closeOnBackdropDoubleClick>{form}</Harness>);
    const backdrop = dialog.parentElement!;
    fireEvent.click(backdrop);
    fireEvent.doubleClick(dialog);
    fireEvent.doubleClick(within(dialog).getByRole('textbox'));
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.doubleClick(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('does not close on a double click on the backdrop by default', () => {
    const { dialog } = open(<Harness>{form}</Harness>);
    fireEvent.doubleClick(dialog.parentElement!);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('stacks: Escape closes only the top dialog, and the page scrolls again after the last', () => {
    function Nested() {
      const [inner, setInner] = useState(false);
      return (
        <Harness>
          <button type="button" onClick={() => setInner(true)}>
            Удалить
          </button>
          {inner ? (
            <Modal title="Удалить курс?" onClose={() => setInner(false)}>
              <button type="button">Да</button>
            </Modal>
          ) : null}
        </Harness>
      );
    }
    const { opener } = open(<Nested />);
    const remove = screen.getByRole('button', { name: 'Удалить' });
    expect(document.activeElement).toBe(remove);
    fireEvent.click(remove);
    expect(screen.getAllByRole('dialog')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Да' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(remove);
    expect(document.body.classList.contains('modal-open')).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.classList.contains('modal-open')).toBe(false);
  });
});
