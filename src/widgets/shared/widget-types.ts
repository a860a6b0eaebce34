import specs from '../widget-specs.json' with { type: 'json' };

export type WidgetEventName = keyof typeof specs.events;

/** Raises a widget event; the element turns it into a bubbling, composed DOM CustomEvent. */
export type WidgetEmit = (name: WidgetEventName, detail?: unknown) => void;

/** Props every widget component takes besides its own: where the API is, and how to emit. */
export interface WidgetHostProps {
  apiBase?: string | undefined;
  emit?: WidgetEmit | undefined;
}

export const noEmit: WidgetEmit = () => undefined;
