import { uiMessages } from '#core';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error';

export interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

/** How long a toast stays unless closed first. */
export const TOAST_MS = 5000;

/** The toasts on screen, oldest first. */
export const $toasts = atom<readonly Toast[]>([]);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let lastId = 0;

/** Shows a short notice in the toast region; it goes away on its own after TOAST_MS. Returns its id. */
export function showToast(text: string, kind: ToastKind = 'success'): number {
  const id = ++lastId;
  $toasts.set([...$toasts.get(), { id, text, kind }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_MS),
  );
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/**
 * Where toasts appear; mounted once in the app shell. The region is always in the page, so screen
 * readers announce what is added to it: politely, or at once for an error.
 */
export function ToastRegion() {
  const toasts = useStore($toasts);
  return (
    <div className="toast-region" role="status" aria-live="polite" aria-label={uiMessages.notifications}>
      {toasts.length ? (
        <ul>
          {toasts.map((toast) => (
            <li key={toast.id} className={`toast ${toast.kind}`}>
              <p role={toast.kind === 'error' ? 'alert' : undefined}>{toast.text}</p>
              <button type="button" className="toast-close" aria-label={uiMessages.closeNotification} onClick={() => dismissToast(toast.id)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
