import { coursesMessages } from '#core';
import { useEffect, useRef, useState, type ReactNode } from 'react';

const t = coursesMessages;

export interface InlineNameProps {
  name: string;
  /** The rename button's accessible name, e.g. 'Переименовать модуль «Введение»'. */
  renameLabel: string;
  /** Saves the new name; rejects to keep the field open (the caller shows why). */
  onSave: (name: string) => Promise<void>;
  /** What shows the name when not editing (a heading, a button). */
  children: ReactNode;
}

/**
 * A name that is renamed in place: the button opens a field; Enter (or leaving the field) saves,
 * Escape cancels. An empty or unchanged name saves nothing. Focus returns to the rename button.
 */
export function InlineName({ name, renameLabel, onSave, children }: InlineNameProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(name);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Set once the edit has ended (Enter or Escape), so the blur that follows does nothing.
  const done = useRef(false);
  const wasEditing = useRef(false);

  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) button.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function open() {
    done.current = false;
    setValue(name);
    setEditing(true);
  }

  async function save() {
    const next = value.trim();
    if (!next || next === name) {
      setEditing(false);
      return;
    }
    setBusy(true);
    try {
      await onSave(next);
      setEditing(false);
    } catch {
      done.current = false;
    } finally {
      setBusy(false);
    }
  }

  if (!editing) {
    return (
      <span className="inline-name">
        {children}
        <button ref={button} type="button" className="icon-button" aria-label={renameLabel} title={t.rename} onClick={open}>
          <span aria-hidden="true">✎</span>
        </button>
      </span>
    );
  }
  return (
    <span className="inline-name editing">
      <input
        ref={input}
        aria-label={`${renameLabel}: ${t.newName}`}
        value={value}
        maxLength={256}
        disabled={busy}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            done.current = true;
            void save();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            done.current = true;
            setEditing(false);
          }
        }}
        onBlur={() => {
          if (!done.current) {
            done.current = true;
            void save();
          }
        }}
      />
    </span>
  );
}
