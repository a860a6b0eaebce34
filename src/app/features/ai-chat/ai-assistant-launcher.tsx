import { aiChatMessages as m } from '#core';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPage } from '../../lazy-page.ts';

const AiChatPanel = lazyPage(() => import('./ai-chat-panel.tsx'));

/**
 * «ИИ-ассистент» at the corner of every school-area screen (help-overai: «Откройте ассистента OVER
 * AI в кабинете школы»): a button opening the assistant's panel beside the page, loaded on first
 * open; Escape or «×» closes it and gives the focus back.
 */
export function AiAssistantLauncher({ school }: { school: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const panel = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  return (
    <>
      {open ? (
        <section ref={panel} className="ai-panel" role="dialog" aria-modal="false" aria-label={m.title} tabIndex={-1}>
          <header className="ai-panel-header">
            <h2>{m.title}</h2>
            <button type="button" className="modal-close" aria-label={m.close} onClick={close}>
              ×
            </button>
          </header>
          <Suspense fallback={<p className="ai-chat-status">{m.loading}</p>}>
            <AiChatPanel school={school} />
          </Suspense>
        </section>
      ) : null}
      <button ref={button} type="button" className="ai-launcher" aria-expanded={open} onClick={() => (open ? close() : setOpen(true))}>
        {m.open}
      </button>
    </>
  );
}
