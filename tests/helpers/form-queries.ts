// Form queries for component tests: inputs by label, typing, and the message under an input.
import { fireEvent, screen, within } from '@testing-library/react';

type Scope = Pick<typeof screen, 'getByLabelText'>;

// A label holds its input's error message too, so a label is matched by how its text begins.
const labelled = (label: string | RegExp) => (typeof label === 'string' ? new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : label);

export function field(label: string | RegExp, scope: Scope = screen): HTMLInputElement {
  return scope.getByLabelText(labelled(label)) as HTMLInputElement;
}

export function type(label: string | RegExp, value: string, scope: Scope = screen): void {
  fireEvent.change(field(label, scope), { target: { value } });
}

/** The message tied to an input by aria-describedby, or null; checks aria-invalid agrees. */
export function errorOf(label: string | RegExp, scope: Scope = screen): string | null {
  const input = field(label, scope);
  const id = input.getAttribute('aria-describedby');
  const text = id ? (document.getElementById(id)?.textContent ?? null) : null;
  if ((input.getAttribute('aria-invalid') === 'true') !== (text !== null)) throw new Error(`aria-invalid and the message of "${String(label)}" disagree`);
  return text;
}

/** The form labelled by its heading. */
export function form(name: string) {
  return within(screen.getByRole('form', { name }));
}
