import { describe, expect, it } from 'vitest';
import { compactCss, compactCssPlugin } from '../../tools/compact-css.mjs';

describe('compactCss', () => {
  it('drops comments, line breaks and the spaces around punctuation, keeping descendant pseudo-classes', () => {
    expect(compactCss('\n/* cards */\n.a :hover ,\n.b > p {\n  color: red;\n  margin: 0 auto;\n}\n')).toBe('.a :hover,.b > p{color:red;margin:0 auto}');
  });

  it('compacts only the stylesheet literals of *.styles.ts files, keeping their interpolations', () => {
    const plugin = compactCssPlugin();
    const source = "// `word` in a comment\nexport const s = `\n.a { gap: 1px; }\n${other}`;";
    expect(plugin.transform(source, '/x/card.styles.ts')?.code).toBe("// `word` in a comment\nexport const s = `.a{gap:1px}${other}`;");
    expect(plugin.transform(source, '/x/card.tsx')).toBeNull();
  });
});
