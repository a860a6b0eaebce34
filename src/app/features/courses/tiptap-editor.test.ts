import { describe, expect, it, vi } from 'vitest';
import { mountEditor } from './tiptap-editor.ts';

describe('mountEditor', () => {
  it('mounts Tiptap into the element with the content, a label, and no injected stylesheet', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const onUpdate = vi.fn();
    const editor = mountEditor(host, { content: '<p>Привет</p>', label: 'Текст', onUpdate, onBlur: vi.fn(), onTransaction: vi.fn() });
    const area = host.querySelector('[contenteditable="true"]')!;
    expect(area.getAttribute('aria-label')).toBe('Текст');
    expect(area.getAttribute('role')).toBe('textbox');
    expect(document.head.querySelector('style')).toBeNull();
    expect(editor.getHTML()).toBe('<p>Привет</p>');
    editor.chain().selectAll().toggleBold().run();
    expect(onUpdate).toHaveBeenLastCalledWith('<p><strong>Привет</strong></p>');
    editor.chain().selectAll().toggleHeading({ level: 2 }).run();
    expect(editor.getHTML()).toMatch(/^<h2><strong>Привет<\/strong><\/h2>/);
    editor.chain().selectAll().setLink({ href: 'https://example.com' }).run();
    expect(editor.getHTML()).toContain('href="https://example.com"');
    editor.chain().selectAll().toggleBulletList().run();
    expect(editor.getHTML()).toContain('<ul>');
    editor.destroy();
    host.remove();
  });
});
