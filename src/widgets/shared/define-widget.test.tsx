import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../../tests/setup/console-guard.ts';
import { defineWidget } from './define-widget.tsx';
import type { WidgetHostProps } from '../../views/shared/widget-types.ts';

// A probe view for the element layer: shows its props, emits on demand, crashes on demand.
function Probe(props: WidgetHostProps & { slug?: string; crash?: boolean }) {
  if (props.slug === 'crash') throw new Error('boom');
  return (
    <button type="button" onClick={() => props.emit?.('ch-ready', { slug: props.slug })}>
      {`slug=${props.slug ?? '∅'} api=${props.apiBase ?? '∅'}`}
    </button>
  );
}

defineWidget('ch-webinar', Probe, '.probe { color: red; }');

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

const text = (el: HTMLElement) => el.shadowRoot?.textContent ?? '';

describe('defineWidget', () => {
  it('renders the view in an open shadow root with props from attributes', async () => {
    const el = mount('<ch-webinar slug="intro" api-base="https://platform.example"></ch-webinar>');
    await waitFor(() => expect(text(el)).toBe('slug=intro api=https://platform.example'));
    expect(el.shadowRoot?.mode).toBe('open');
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('adopts its stylesheet inside the shadow root, with the base styles', () => {
    const el = mount('<ch-webinar slug="a"></ch-webinar>');
    const sheets = el.shadowRoot!.adoptedStyleSheets;
    expect(sheets).toHaveLength(1);
    const css = [...sheets[0]!.cssRules].map((r) => r.cssText).join('\n');
    expect(css).toContain('.probe');
    expect(css).toContain(':host');
  });

  it('re-renders on attribute changes and resets a removed attribute', async () => {
    const el = mount('<ch-webinar slug="one"></ch-webinar>');
    await waitFor(() => expect(text(el)).toContain('slug=one'));
    el.setAttribute('slug', 'two');
    await waitFor(() => expect(text(el)).toContain('slug=two'));
    el.removeAttribute('slug');
    await waitFor(() => expect(text(el)).toContain('slug=∅'));
  });

  it('dispatches prefixed, bubbling, composed events from the element', async () => {
    const el = mount('<ch-webinar slug="ev"></ch-webinar>');
    const seen = vi.fn();
    document.body.addEventListener('ch-ready', (event) => seen((event as CustomEvent).detail, event.bubbles, event.composed, event.target));
    await waitFor(() => expect(el.shadowRoot!.querySelector('button')).not.toBeNull());
    el.shadowRoot!.querySelector('button')!.click();
    expect(seen).toHaveBeenCalledWith({ slug: 'ev' }, true, true, el);
  });

  it('turns a crash into an error state with a retry and a ch-error event, never a throw', async () => {
    expectConsole('error', /boom|error/i);
    const errors = vi.fn();
    document.body.addEventListener('ch-error', (event) => errors((event as CustomEvent).detail));
    const el = mount('<ch-webinar slug="crash"></ch-webinar>');
    await waitFor(() => expect(el.shadowRoot!.querySelector('[role="alert"]')).not.toBeNull());
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ code: 'RENDER_ERROR', message: 'boom' }));
    el.setAttribute('slug', 'fixed');
    el.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => expect(text(el)).toContain('slug=fixed'));
  });

  it('reads a present-but-empty boolean attribute as true, and its removal as unset', async () => {
    function Flag(props: WidgetHostProps & { preview?: boolean }) {
      return <span>{`preview=${String(props.preview)}`}</span>;
    }
    defineWidget('ch-certificate', Flag, '');
    const el = mount('<ch-certificate preview></ch-certificate>');
    await waitFor(() => expect(text(el)).toBe('preview=true'));
    el.setAttribute('preview', 'false');
    await waitFor(() => expect(text(el)).toBe('preview=false'));
    el.setAttribute('preview', '');
    await waitFor(() => expect(text(el)).toBe('preview=true'));
    el.removeAttribute('preview');
    await waitFor(() => expect(text(el)).toBe('preview=undefined'));
  });

  it('registers each tag once: defining again is harmless', () => {
    const first = customElements.get('ch-webinar');
    defineWidget('ch-webinar', Probe, '');
    expect(customElements.get('ch-webinar')).toBe(first);
  });

  it('refuses a tag it does not know', () => {
    expect(() => defineWidget('ch-unknown' as 'ch-webinar', Probe, '')).toThrow('unknown widget ch-unknown');
  });
});
