// What the one script a site owner pastes (<script src="https://…/widgets/ch.js" async>, built
// from ch.ts) does. It knows the five tags and loads a widget's module only once its tag is on the page (now or
// later). Including it twice is harmless. A classic script, kept tiny (budget: 1.5 KB gzip).

/** Tag → module file next to this script; kept in step with widget-specs.json by a test. */
export const WIDGET_MODULES: Record<string, string> = {
  'ch-course-catalog': 'course-catalog.js',
  'ch-certificate': 'certificate.js',
  'ch-tariffs': 'tariffs.js',
  'ch-webinar': 'webinar.js',
  'ch-course-landing': 'course-landing.js',
};

const GLOBAL_KEY = '__coursehubWidgets';

export function startLoader(win: Window & { [GLOBAL_KEY]?: unknown }, doc: Document, scriptSrc: string): void {
  if (win[GLOBAL_KEY]) return;
  const base = new URL('.', scriptSrc);
  const requested = new Set<string>();

  const load = (tag: string) => {
    requested.add(tag);
    // A failed module is not retried on every DOM change (that could hammer a broken server);
    // the page hears ch-error and may call window.__coursehubWidgets.load(tag) to try again.
    import(/* @vite-ignore */ new URL(WIDGET_MODULES[tag]!, base).href).catch((error: unknown) => {
      for (const element of doc.querySelectorAll(tag)) {
        element.dispatchEvent(
          new CustomEvent('ch-error', { detail: { code: 'LOAD_ERROR', message: String(error), status: 0 }, bubbles: true, composed: true }),
        );
      }
    });
  };

  const scan = () => {
    for (const tag of Object.keys(WIDGET_MODULES)) {
      if (!requested.has(tag) && doc.querySelector(tag)) load(tag);
    }
    if (requested.size === Object.keys(WIDGET_MODULES).length) observer.disconnect();
  };
  const observer = new MutationObserver(scan);
  win[GLOBAL_KEY] = { load };
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  scan();
}
