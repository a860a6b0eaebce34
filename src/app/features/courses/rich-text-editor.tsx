import { commonMessages, coursesMessages } from '#core';
import { useEffect, useId, useRef, useState } from 'react';
import type { RichTextEditorInstance } from './tiptap-editor.ts';

const t = coursesMessages.editor;

export interface RichTextEditorProps {
  /** The HTML it starts with (later changes come from the editor itself). */
  initial: string;
  label?: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
}

type Tool = { label: string; mark: string; attrs?: Record<string, unknown>; run: (editor: RichTextEditorInstance) => void };

const TOOLS: Tool[] = [
  { label: t.bold, mark: 'bold', run: (e) => e.chain().focus().toggleBold().run() },
  { label: t.italic, mark: 'italic', run: (e) => e.chain().focus().toggleItalic().run() },
  { label: t.heading2, mark: 'heading', attrs: { level: 2 }, run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: t.heading3, mark: 'heading', attrs: { level: 3 }, run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: t.bulletList, mark: 'bulletList', run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: t.orderedList, mark: 'orderedList', run: (e) => e.chain().focus().toggleOrderedList().run() },
];

/**
 * A rich-text field: Tiptap is imported when the field first shows (its own chunk) and mounted
 * into a div; the toolbar is ours, with pressed states, and a link is typed into a field of its
 * own. While Tiptap loads, the field says so; if it cannot load, why, with a retry.
 */
export function RichTextEditor({ initial, label = t.label, onChange, onBlur }: RichTextEditorProps) {
  const id = useId();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<RichTextEditorInstance | null>(null);
  const callbacks = useRef({ onChange, onBlur });
  callbacks.current = { onChange, onBlur };
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [, setTick] = useState(0);
  const [link, setLink] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setFailed(false);
    import('./tiptap-editor.ts').then(
      ({ mountEditor }) => {
        if (cancelled || !host.current) return;
        editor.current = mountEditor(host.current, {
          content: initial,
          label,
          onUpdate: (html) => callbacks.current.onChange(html),
          onBlur: () => callbacks.current.onBlur?.(),
          onTransaction: () => setTick((n) => n + 1),
        });
        setReady(true);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
      setReady(false);
    };
    // Mounted once per attempt: the editor owns its content from then on.
  }, [attempt]);

  const current = editor.current;
  const applyLink = () => {
    if (!current || link === null) return;
    const href = link.trim();
    if (href) current.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else current.chain().focus().extendMarkRange('link').unsetLink().run();
    setLink(null);
  };

  return (
    <div className="rich-text">
      <div className="rich-text-toolbar" role="toolbar" aria-label={t.toolbar} aria-controls={`${id}-area`}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="tool-button"
            disabled={!ready}
            aria-pressed={current ? current.isActive(tool.mark, tool.attrs) : false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => current && tool.run(current)}
          >
            {tool.label}
          </button>
        ))}
        <button
          type="button"
          className="tool-button"
          disabled={!ready}
          aria-pressed={current ? current.isActive('link') : false}
          aria-expanded={link !== null}
          onClick={() => setLink(link === null ? String(current?.getAttributes('link').href ?? '') : null)}
        >
          {t.link}
        </button>
      </div>
      {link !== null ? (
        <div className="rich-text-link">
          <label htmlFor={`${id}-link`}>{t.linkUrl}</label>
          <input
            id={`${id}-link`}
            type="url"
            value={link}
            autoFocus
            onChange={(event) => setLink(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                applyLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLink(null);
              }
            }}
          />
          <button type="button" className="button small primary" onClick={applyLink}>
            {t.linkApply}
          </button>
          <button type="button" className="button small secondary" onClick={() => {
              current?.chain().focus().extendMarkRange('link').unsetLink().run();
              setLink(null);
            }}>
            {t.unlink}
          </button>
        </div>
      ) : null}
      <div id={`${id}-area`} ref={host} className="rich-text-area" />
      {!ready && !failed ? <p className="muted">{t.loading}</p> : null}
      {failed ? (
        <p role="alert" className="form-error">
          {commonMessages.networkError}{' '}
          <button type="button" className="button small secondary" onClick={() => setAttempt((n) => n + 1)}>
            {commonMessages.retry}
          </button>
        </p>
      ) : null}
    </div>
  );
}
