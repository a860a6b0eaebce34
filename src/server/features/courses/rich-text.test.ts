import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

/** Attacks that must leave nothing executable behind (OWASP's filter evasion list, among others). */
const XSS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/">x</a>',
  '<svg onload=alert(1)><script>alert(2)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0">x</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(2)">x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<p>a<!--<script>alert(1)</script>-->b</p>',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(2)">x</a>',
  '<p onclick="alert(1)" class="x" id="y">x</p>',
  '<table background="javascript:alert(1)"><tr><td onmouseover=alert(1)>x</td></tr></table>',
  '<base href="javascript:alert(1)//">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<<script>script>alert(1)<</script>/script>',
  '<img/src=x/onerror=alert(1)>',
  '<img src=`x` onerror=alert(1)>',
];

const DANGER = [/<script/i, /<\/script/i, /\son\w+\s*=/i, /javascript:/i, /vbscript:/i, /data:/i, /<svg/i, /<math/i, /<iframe/i, /<object/i, /<embed/i, /style=/i, /<style/i, /<link/i, /<meta/i, /<form/i, /<input/i, /<base/i, /xlink/i, /srcdoc/i, /<!--/];

describe('sanitizeRichText', () => {
  it.each(XSS)('leaves nothing executable of %s', (html) => {
    const out = sanitizeRichText(html);
    for (const danger of DANGER) expect(out, `${html} → ${out}`).not.toMatch(danger);
    // Twice through gives the same: nothing in the output becomes markup when read again.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('keeps the formatting a lesson text needs', () => {
    const html = [
      '<h2>Тема</h2><h3>Раздел</h3><h4>Пункт</h4>',
      '<p>Текст с <strong>жирным</strong>, <b>полужирным</b>, <em>курсивом</em>, <i>наклонным</i>, <u>подчёркнутым</u> и <s>зачёркнутым</s>.<br />Строка</p>',
      '<ul><li>один</li><li>два</li></ul><ol><li>первый</li></ol>',
      '<blockquote>Цитата</blockquote><p><code>x = 1</code></p><pre>for i in range(3):\n    print(i)</pre>',
      '<p><a href="https://example.com/page?a=1&amp;b=2">ссылка</a> и <a href="mailto:teacher@example.com">почта</a></p>',
      '<p><img src="https://example.com/a.png" alt="Схема" /></p>',
      '<table><thead><tr><th colspan="2">Заголовок</th></tr></thead><tbody><tr><td>1</td><td rowspan="2">2</td></tr></tbody></table>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('escapes text and keeps it', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
    expect(sanitizeRichText('Просто текст')).toBe('Просто текст');
    expect(sanitizeRichText('')).toBe('');
  });

  it('forces rel="noopener noreferrer" on links that open a new tab, and keeps only known rel words', () => {
    expect(sanitizeRichText('<a href="https://example.com/" target="_blank">x</a>')).toBe('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="https://example.com/" target="_blank" rel="opener">x</a>')).toBe('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="https://example.com/" target="_top" rel="nofollow opener">x</a>')).toBe('<a href="https://example.com/" rel="nofollow">x</a>');
  });

  it('drops links and images that point anywhere but the web (and mail, for links)', () => {
    expect(sanitizeRichText('<a href="/relative">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<a href="ftp://example.com/">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<img src="mailto:a@example.com" alt="x">')).toBe('');
    expect(sanitizeRichText('<img src="http://example.com/a.png">')).toBe('<img src="http://example.com/a.png" />');
  });

  it('unwraps unknown tags but keeps their text; drops classes, ids and styles', () => {
    expect(sanitizeRichText('<div class="c" id="i"><span style="color:red">текст</span></div>')).toBe('текст');
    expect(sanitizeRichText('<h1>Большой</h1><h5>малый</h5>')).toBe('БольшойМалый'.replace('М', 'м'));
  });
});
