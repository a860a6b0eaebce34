import { commonMessages } from '#core';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** The dialog's buttons, under its content. */
  footer?: ReactNode;
  /** What gets focus on open; by default the first control of the content or footer, else the dialog. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus returns on close; by default what had focus on open (Safari does not focus a clicked button). */
  opener?: HTMLElement | null;
  /** The id of the text that says what the dialog is about, read when it opens. */
  describedBy?: string;
  className?: string;
  /**
   * A double click on the backdrop closes the dialog (a single click never does, so a missed click
   * loses nothing); one inside the dialog, selecting a word, never does.
   */
  closeOnBackdropDoubleClick?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open dialogs, the newest last: only the top one answers Escape and Tab, and the page scrolls again
// only when the last one closes (a confirmation opened from inside a dialog).
const openDialogs: HTMLElement[] = [];

function focusables(dialog: HTMLElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A modal dialog in a portal on document.body: focus moves in on open and back on close, Tab and
 * Shift+Tab stay inside, Escape and the close button close it (and, if asked, a double click on the
 * backdrop), the page under it does not scroll.
 */
export function Modal({ title, onClose, children, footer, initialFocus, opener: givenOpener, describedBy, className, closeOnBackdropDoubleClick }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Read on the first render, before anything inside (an autoFocus) can take focus.
  const [opener] = useState(() => givenOpener ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const self = dialog.current;
    if (!self) return;
    openDialogs.push(self);
    document.body.classList.add('modal-open');
    const first = initialFocus?.current ?? focusables(self).find((element) => element !== closeButton.current);
    (first ?? self).focus();

    const onKey = (event: KeyboardEvent) => {
      if (openDialogs.at(-1) !== self) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === 'Tab') {
        const items = focusables(self);
        const active = document.activeElement;
        const firstItem = items[0] ?? self;
        const lastItem = items.at(-1) ?? self;
        if (!(active instanceof Node) || !self.contains(active)) {
          event.preventDefault();
          firstItem.focus();
        } else if (event.shiftKey && (active === firstItem || active === self)) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && active === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (openDialogs.length === 0) document.body.classList.remove('modal-open');
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening: later props do not move focus around.
  }, []);

  function keepFocusInside(event: MouseEvent<HTMLDivElement>) {
    // A press on the backdrop would move focus to the page behind the dialog.
    if (event.target === event.currentTarget) event.preventDefault();
  }

  function closeOnDoubleClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  return createPortal(
    <div className="modal-backdrop" onMouseDown={keepFocusInside} onDoubleClick={closeOnBackdropDoubleClick ? closeOnDoubleClick : undefined}>
      <div
        ref={dialog}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button ref={closeButton} type="button" className="modal-close" aria-label={commonMessages.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-actions modal-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
