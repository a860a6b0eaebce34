import { afterEach, describe, expect, it, vi } from 'vitest';
import specs from './widget-specs.json' with { type: 'json' };
import { startLoader, WIDGET_MODULES } from './loader.ts';

afterEach(() => {
  document.body.innerHTML = '';
  Reflect.deleteProperty(window, '__coursehubWidgets');
});

// The module URL is unreachable here, so each load attempt ends in a ch-error on the tag's elements.
// Each test's loader watches a page of its own: a loader keeps watching its document, and one left
// from an earlier test would answer for this test's elements as well.
const SCRIPT = 'http://127.0.0.1:9/widgets/ch.js';
function page(html: string) {
  const doc = document.implementation.createHTMLDocument('');
  const win = {} as Window & { __coursehubWidgets?: { load(tag: string): void } };
  const errors: CustomEvent[] = [];
  doc.addEventListener('ch-error', (event) => errors.push(event as CustomEvent));
  doc.body.innerHTML = html;
  return {
    doc,
    win,
    errors,
    /** Waits for exactly these tags' errors since the last call, however long a busy machine takes. */
    async failed(tags: string[]) {
      await vi.waitFor(() => expect(errors.map((event) => (event.target as Element).tagName.toLowerCase())).toEqual(tags), { timeout: 10_000 });
      return errors.splice(0);
    },
  };
}

describe('the widget loader', () => {
  it('knows exactly the tags of widget-specs.json, each with its module file', () => {
    expect(Object.keys(WIDGET_MODULES).sort()).toEqual(specs.widgets.map((w) => w.tag).sort());
    for (const widget of specs.widgets) expect(WIDGET_MODULES[widget.tag]).toBe(`${widget.name}.js`);
  });

  it('loads only the widgets whose tags are on the page, and later ones when they appear', async () => {
    const { doc, win, failed } = page('<ch-tariffs></ch-tariffs><p>text</p>');
    startLoader(win, doc, SCRIPT);
    await failed(['ch-tariffs']);
    doc.body.append(doc.createElement('ch-webinar'));
    await failed(['ch-webinar']);
  });

  it('reports a module that cannot load as ch-error with LOAD_ERROR on its elements', async () => {
    const { doc, win, failed } = page('<ch-certificate></ch-certificate>');
    startLoader(win, doc, SCRIPT);
    const [error] = await failed(['ch-certificate']);
    expect(error!.detail).toEqual(expect.objectContaining({ code: 'LOAD_ERROR' }));
  });

  it('offers a manual retry of a failed widget', async () => {
    const { doc, win, failed } = page('<ch-course-landing></ch-course-landing>');
    startLoader(win, doc, SCRIPT);
    await failed(['ch-course-landing']);
    win.__coursehubWidgets!.load('ch-course-landing');
    await failed(['ch-course-landing']);
  });

  it('does nothing when started twice', () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    startLoader(window, document, SCRIPT);
    startLoader(window, document, SCRIPT);
    expect(observe).toHaveBeenCalledTimes(1);
  });
});
