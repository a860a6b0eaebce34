/** Whether a widget's ch-error detail is a 404: what was asked for does not exist. */
export function isNotFoundError(detail: unknown): boolean {
  return typeof detail === 'object' && detail !== null && (detail as { status?: unknown }).status === 404;
}
