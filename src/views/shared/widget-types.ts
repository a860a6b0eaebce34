/**
 * The events a view raises. The widgets' spec (src/widgets/widget-specs.json) documents each one;
 * define-widget.tsx fails to compile when the two lists differ.
 */
export type WidgetEventName = 'ch-ready' | 'ch-error' | 'ch-course-select' | 'ch-plan-select' | 'ch-appeal-submit' | 'ch-certificate-load';

/** Raises a widget event; the element turns it into a bubbling, composed DOM CustomEvent. */
export type WidgetEmit = (name: WidgetEventName, detail?: unknown) => void;

/** Props every widget component takes besides its own: where the API is, and how to emit. */
export interface WidgetHostProps {
  apiBase?: string | undefined;
  emit?: WidgetEmit | undefined;
}

export const noEmit: WidgetEmit = () => undefined;
