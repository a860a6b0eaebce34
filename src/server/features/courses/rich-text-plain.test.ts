import { describe, expect, it } from 'vitest';
import { richTextExcerpt, richTextPlain } from './rich-text-plain.ts';

describe('richTextPlain', () => {
  it('gives the text of nested tags, each block on its own line', () => {
    expect(richTextPlain('<p>Короткий курс <strong>по <em>Python</em></strong>.</p>')).toBe('Короткий курс по Python.');
    expect(richTextPlain('<h2>Почему Python</h2><p>Просто.</p><ul><li>синтаксис;</li><li>сообщество.</li></ul><p>Раз<br>два</p>')).toBe(
      'Почему Python\nПросто.\nсинтаксис;\nсообщество.\nРаз\nдва',
    );
    expect(richTextPlain('<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>')).toBe('a b\nc');
    // Line breaks in the markup are spaces; in <pre> they are lines.
    expect(richTextPlain('<blockquote><p>  много   \n пробелов </p></blockquote>')).toBe('много пробелов');
    expect(richTextPlain('<pre><code>a = 1\nprint(a)</code></pre>')).toBe('a = 1\nprint(a)');
  });

  it('decodes entities once, so the text reads as it was typed', () => {
    expect(richTextPlain('<p>&lt;p&gt; — это тег, &amp; «кавычки» &quot;x&quot; &nbsp;&#1055;&#x440;&nbsp;</p>')).toBe('<p> — это тег, & «кавычки» "x" \u00a0Пр');
    // An escaped entity stays the entity's text, not the character.
    expect(richTextPlain('<p>&amp;lt;script&amp;gt;</p>')).toBe('&lt;script&gt;');
  });

  it('drops scripts, styles and their contents, and every attribute', () => {
    const text = richTextPlain(
      '<p onclick="alert(1)">Текст</p><script>alert("x")</script><style>p{color:red}</style><img src=x onerror="alert(2)"><svg><text>svg</text></svg><a href="javascript:alert(3)">ссылка</a>',
    );
    expect(text).toBe('Текст\nссылка');
    expect(richTextPlain('<scr<script>ipt>alert(1)</scr</script>ipt>')).not.toMatch(/<script/i);
  });

  it('takes text that was never HTML as it is', () => {
    expect(richTextPlain('Основы Python: 2 < 3 & 5 > 4')).toBe('Основы Python: 2 < 3 & 5 > 4');
  });

  it('drops NUL bytes and control characters', () => {
    expect(richTextPlain('<p>a\u0000b\u0007c</p>')).toBe('abc');
  });

  it('gives nothing for empty markup', () => {
    expect(richTextPlain('')).toBe('');
    expect(richTextPlain('<p></p><p> </p><br>')).toBe('');
  });
});

describe('richTextExcerpt', () => {
  it('joins the lines and keeps a short text whole', () => {
    expect(richTextExcerpt('<p>Раз</p><p>два</p>', 100)).toBe('Раз два');
  });

  it('cuts a long text at a word with an ellipsis, never inside a surrogate pair', () => {
    expect(richTextExcerpt(`<p>${'слово '.repeat(100)}</p>`, 40)).toBe(`${'слово '.repeat(6).trim()}…`);
    const cut = richTextExcerpt('😀'.repeat(50), 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut).toBe(`${'😀'.repeat(9)}…`);
  });
});
