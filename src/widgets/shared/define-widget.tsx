import r2wc from '@r2wc/react-to-web-component';
import { commonMessages } from '#core';
import { Component, type ComponentType, type ReactNode } from 'react';
import specs from '../widget-specs.json' with { type: 'json' };
import { baseStyles } from '../../views/shared/base.styles.ts';
import { ErrorState } from '../../views/shared/status-views.tsx';
import type { WidgetEmit, WidgetEventName, WidgetHostProps } from '../../views/shared/widget-types.ts';

type PropType = 'string' | 'number' | 'boolean' | 'json';
export type WidgetTag = (typeof specs.widgets)[number]['tag'];

// The views name their events; the spec documents them. Either list without the other is a type error.
type SpecEvent = keyof typeof specs.events;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _EventsMatchSpec = Holds<Same<SpecEvent, WidgetEventName>>;

// @r2wc/core keeps the element's props and its render method under these global symbols.
const PROPS = Symbol.for('r2wc.props');
const RENDER = Symbol.for('r2wc.render');

const sheets = new Map<string, CSSStyleSheet>();

/** One constructed stylesheet per widget type, shared by all its instances. */
function sheetFor(tag: string, css: string): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  let sheet = sheets.get(tag);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(baseStyles + css);
    sheets.set(tag, sheet);
  }
  return sheet;
}

/**
 * The widget's CSS lives inside its shadow root: adopted as a constructed stylesheet (allowed by a
 * strict CSP, nothing written to the host page's <head>); old browsers without adoptedStyleSheets
 * get a <style> element inside the shadow root instead.
 */
function adoptStyles(root: ShadowRoot, tag: string, css: string): void {
  const sheet = sheetFor(tag, css);
  if (sheet && 'adoptedStyleSheets' in root) {
    root.adoptedStyleSheets = [sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = baseStyles + css;
  root.prepend(style);
}

function emitter(container: ShadowRoot | HTMLElement | undefined): WidgetEmit {
  return (name, detail) => {
    const host = container instanceof ShadowRoot ? container.host : container;
    host?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  };
}

interface BoundaryProps {
  emit: WidgetEmit;
  children: ReactNode;
}

/** A crash inside a widget becomes its error state with a retry, and a ch-error event; never the host's problem. */
class WidgetBoundary extends Component<BoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.emit('ch-error', { code: 'RENDER_ERROR', message: error instanceof Error ? error.message : String(error), status: 0 });
  }

  override render() {
    if (this.state.failed) {
      return <ErrorState message={commonMessages.unexpectedError} onRetry={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))} />;
    }
    return <div key={this.state.attempt}>{this.props.children}</div>;
  }
}

/**
 * Registers `tag` as a custom element rendering `View` in an open shadow root. Attributes map to
 * props by the widget's spec (widget-specs.json); removing an attribute resets its prop; events
 * the view emits are dispatched on the element as bubbling, composed CustomEvents. Registering
 * twice is harmless (the script may be included twice).
 */
export function defineWidget<P extends WidgetHostProps>(tag: WidgetTag, View: ComponentType<P>, css: string): void {
  if (typeof customElements === 'undefined' || customElements.get(tag)) return;
  const spec = specs.widgets.find((w) => w.tag === tag);
  if (!spec) throw new Error(`unknown widget ${tag}`);
  const propTypes = Object.fromEntries(spec.props.map((p) => [p.name, p.type as PropType]));
  const attributeToProp = new Map(spec.props.map((p) => [p.attribute, p.name]));
  const booleanAttributes = new Set(spec.props.filter((p) => p.type === 'boolean').map((p) => p.attribute));

  function Host(props: P & { container?: ShadowRoot }) {
    const { container, ...rest } = props;
    const emit = emitter(container);
    return (
      <WidgetBoundary emit={emit}>
        <View {...(rest as unknown as P)} emit={emit} />
      </WidgetBoundary>
    );
  }

  const Base = r2wc(Host as ComponentType<Record<string, unknown>>, { shadow: 'open', props: propTypes }) as unknown as {
    new (): HTMLElement & { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
  };

  class WidgetElement extends Base {
    constructor() {
      super();
      if (this.shadowRoot) adoptStyles(this.shadowRoot, tag, css);
      // HTML boolean attributes: present means true (<ch-certificate preview>); r2wc reads '' as false.
      for (const attribute of booleanAttributes) {
        if (this.getAttribute(attribute) === '') this.props()[attributeToProp.get(attribute)!] = true;
      }
    }

    private props(): Record<string, unknown> {
      return (this as unknown as Record<symbol, Record<string, unknown>>)[PROPS]!;
    }

    private rerender(): void {
      ((this as unknown as Record<symbol, () => void>)[RENDER]!).call(this);
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      const prop = attributeToProp.get(name);
      if (prop && (value === null || (value === '' && booleanAttributes.has(name)))) {
        // A removed attribute resets its prop; an empty boolean attribute switches it on.
        if (value === null) delete this.props()[prop];
        else this.props()[prop] = true;
        this.rerender();
        return;
      }
      super.attributeChangedCallback(name, old, value);
    }
  }

  customElements.define(tag, WidgetElement);
}
