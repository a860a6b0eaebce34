// Columns of features above courses whose rows show a course file (an autowebinar's video): such a
// file is in use though no block or cover shows it, so it is neither released nor pruned. Each
// app's wiring registers them (webinarRoutes), kept per app as domain events' listeners are.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const holders = new WeakMap<object, Set<AnyPgColumn>>();

/** From now on, a file whose id `column` holds is in use in `app`. */
export function showsCourseFiles(app: object, column: AnyPgColumn): void {
  let set = holders.get(app);
  if (!set) holders.set(app, (set = new Set()));
  set.add(column);
}

/** The columns registered for `app`. */
export function fileHolders(app: object): AnyPgColumn[] {
  return [...(holders.get(app) ?? [])];
}
