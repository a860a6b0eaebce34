import { afterEach, describe, expect, it, vi } from 'vitest';
import specs from './widget-specs.json' with { type: 'json' };
import { startLoader, WIDGET_MODULES } from './loader.ts';

afterEach(() => {
  document.body.innerHTML = '';
  Reflect.deleteProperty(window, '__coursehubWidgets');
});

// The module URL is unreachable here, so each load attempt ends in a ch-error on the tag's elements.
function loadErrors(): Promise<string[]> {
  return new Promise((resolve) => setTimeout(() => resolve(seen), 50));
}
let seen: string[] = [];
document.addEventListener('ch-error', (event) => seen.push((event.target as Element).tagName.toLowerCase()));
function listen() {
  seen = [];
}

describe('the widget loader', () => {
  it('knows exactly the tags of widget-specs.json, each with its module file', () => {
    expect(Object.keys(WIDGET_MODULES).sort()).toEqual(specs.widgets.map((w) => w.tag).sort());
    for (const widget of specs.widgets) expect(WIDGET_MODULES[widget.tag]).toBe(`${widget.name}.js`);
  });

  it('loads only the widgets whose tags are on the page, and later ones when they appear', async () => {
    listen();
    document.body.innerHTML = '<ch-tariffs></ch-tariffs><p>text</p>';
    startLoader(window, document, 'http://127.0.0.1:9/widgets/ch.js');
    expect(await loadErrors()).toEqual(['ch-tariffs']);
    listen();
    document.body.append(document.createElement('ch-webinar'));
    expect(await loadErrors()).toEqual(['ch-webinar']);
  });

  it('reports a module that cannot load as ch-error with LOAD_ERROR on its elements', async () => {
    const details: unknown[] = [];
    document.addEventListener('ch-error', (event) => details.push((event as CustomEvent).detail), { once: true });
    document.body.innerHTML = '<ch-certificate></ch-certificate>';
    startLoader(window, document, 'http://127.0.0.1:9/widgets/ch.js');
    await loadErrors();
    expect(details).toEqual([expect.objectContaining({ code: 'LOAD_ERROR' })]);
  });

  it('offers a manual retry of a failed widget', async () => {
    document.body.innerHTML = '<ch-course-landing></ch-course-landing>';
    startLoader(window, document, 'http://127.0.0.1:9/widgets/ch.js');
    await loadErrors();
    listen();
    (window as unknown as { __coursehubWidgets: { load(tag: string): void } }).__coursehubWidgets.load('ch-course-landing');
    expect(await loadErrors()).toEqual(['ch-course-landing']);
  });

  it('does nothing when started twice', () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    startLoader(window, document, 'http://127.0.0.1:9/widgets/ch.js');
    startLoader(window, document, 'http://127.0.0.1:9/widgets/ch.js');
    expect(observe).toHaveBeenCalledTimes(1);
  });
});
