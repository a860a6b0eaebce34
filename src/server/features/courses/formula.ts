import temml from 'temml';
import { fieldError } from '../../shared/errors.ts';

/**
 * Formula blocks: TeX rendered to MathML on the server when the block is saved (temml), so readers
 * need no maths library. temml builds the MathML itself and escapes every text it puts in; `trust`
 * stays off, so \href, \url, \htmlClass and the like are refused, and macro expansion is bounded.
 */

/** The original's str500. */
export const MAX_FORMULA_LENGTH = 500;

/** temml's message without its position marks (combining underlines) and extra spaces. */
function cleanMessage(message: string): string {
  return message
    .replace(/^\s*(Temml parse error:|ParseError:)\s*/i, '')
    .replace(/[\u0332\u0333]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

/** The MathML of `tex` (display style); bad TeX is a field error that says what is wrong. */
export function renderFormula(tex: string): string {
  if (tex.length > MAX_FORMULA_LENGTH) throw fieldError('formula', `Формула не длиннее ${MAX_FORMULA_LENGTH} символов.`);
  if (!tex.trim()) throw fieldError('formula', 'Формула не может быть пустой.');
  try {
    const mathml = temml.renderToString(tex, { displayMode: true, throwOnError: true, trust: false, strict: false, maxExpand: 1000, maxSize: [50, 50] });
    // No inline styles (the CSP refuses them): `display="block"` and app.css say the same.
    return mathml.replace(/<[a-zA-Z][^<>]*>/g, (tag) => tag.replace(/\sstyle="[^"]*"/g, ''));
  } catch (error) {
    const message = error instanceof Error ? cleanMessage(error.message) : '';
    throw fieldError('formula', `Формула содержит ошибку: ${message || 'не удалось разобрать'}`);
  }
}
