// Every JSON body is read through one parser that refuses nesting deeper than any body of the API
// before parsing it. A 100,000-level body parses fine, but any code that walks it recursively
// afterwards (a signature's canonical form, JSON.stringify, a form's shaping) overflows the stack,
// which answered 500. Bodies over the size limit are refused by Fastify (413) before this.
import type { App } from '../../context.ts';
import { AppError } from '../errors.ts';

/** Levels of objects and lists a body may have: the deepest body schema of the API has 5. */
export const MAX_BODY_DEPTH = 32;

export const BODY_TOO_DEEP_MESSAGE = 'Слишком глубокая вложенность данных в запросе.';
export const bodyTooDeep = () => new AppError(400, 'BODY_TOO_DEEP', BODY_TOO_DEEP_MESSAGE);

/** Whether JSON text nests objects and lists deeper than `max`, counted without parsing it (brackets in strings do not count). */
export function jsonTextTooDeep(text: string, max = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** Whether a parsed value nests objects and lists deeper than `max`; walked with a list, not recursion. */
export function valueTooDeep(value: unknown, max = MAX_BODY_DEPTH): boolean {
  let level: unknown[] = [value];
  for (let depth = 1; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const item of level) {
      if (item === null || typeof item !== 'object') continue;
      if (depth > max) return true;
      for (const child of Object.values(item)) if (child !== null && typeof child === 'object') next.push(child);
    }
    level = next;
  }
  return false;
}

/** Replaces Fastify's JSON parser (the same one, with prototype keys refused) with one that checks the depth first. */
export function registerJsonBodies(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTextTooDeep(body as string)) done(bodyTooDeep(), undefined);
    else parse(request, body as string, done);
  });
}
