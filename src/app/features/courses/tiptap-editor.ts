// Tiptap, mounted by hand (no @tiptap/react): loaded only when a text block is edited, so the
// constructor's first paint and every other page carry none of it.
import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

export interface MountOptions {
  content: string;
  /** The editable area's accessible name. */
  label: string;
  onUpdate: (html: string) => void;
  onBlur: () => void;
  /** Any change of content or selection: the toolbar shows what is active. */
  onTransaction: () => void;
}

export type RichTextEditorInstance = Editor;

/**
 * A rich-text editor in `element`: paragraphs, bold, italic, headings (h2, h3), bullet and
 * numbered lists, links. Tiptap's own stylesheet is not injected (the app's CSP allows no inline
 * styles; app.css styles the editor). The HTML it gives is sanitised again by the server on save.
 */
export function mountEditor(element: HTMLElement, { content, label, onUpdate, onBlur, onTransaction }: MountOptions): Editor {
  return new Editor({
    element,
    content,
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        blockquote: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
    ],
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true', class: 'rich-text-content' } },
    onUpdate: ({ editor }) => onUpdate(editor.getHTML()),
    onBlur: () => onBlur(),
    onTransaction: () => onTransaction(),
  });
}
