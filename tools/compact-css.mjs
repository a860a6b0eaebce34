// Rollup plugin: the widgets' stylesheets are template literals in `*.styles.ts` files, which the
// JavaScript minifier keeps as they are written. This drops their comments, line breaks, the spaces
// around `{ } ; ,` and after `:` (never before it, where a space may be a descendant combinator).
// Their quoted strings (`content`) hold none of those characters next to a space. Interpolations
// (`${...}`) are kept as they are.
const STYLES = /\.styles\.ts$/;

/** The CSS text of one literal, compacted. */
export function compactCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export function compactCssPlugin() {
  return {
    name: 'compact-css',
    transform(code, id) {
      if (!STYLES.test(id)) return null;
      // A stylesheet literal opens with a line break (which a backquoted word in a comment does not);
      // its text between interpolations is compacted.
      const out = code.replace(/`(\n[^`]*)`/g, (_literal, body) => '`' + body.split(/(\$\{[^}]*\})/).map((part) => (part.startsWith('${') ? part : compactCss(part))).join('') + '`');
      return { code: out, map: null };
    },
  };
}
