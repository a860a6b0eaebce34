import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { CODE_LANGUAGES, codeHighlightCss, codeLanguage, highlightCode, MAX_CODE_LENGTH } from './code-highlight.ts';

describe('highlightCode', () => {
  it('renders highlighted HTML with classes, not inline styles', async () => {
    const html = await highlightCode('const answer = 42;', 'javascript');
    expect(html).toMatch(/^<pre class="code-block" tabindex="0"><code><span class="line">/);
    expect(html).toMatch(/<span class="hl-[0-9a-f]{6}">const<\/span>/);
    expect(html).not.toMatch(/style=/);
    expect(html.replace(/<[^>]+>/g, '')).toBe('const answer = 42;');
  });

  it('escapes the code: markup in it stays text', async () => {
    const code = '</code></pre><script>alert(1)</script><img src=x onerror=alert(1)> & "quotes"';
    for (const language of ['html', 'javascript', 'plaintext']) {
      const html = await highlightCode(code, language);
      expect(html).not.toMatch(/<script|<img|<\/pre><script/i);
      expect(html.match(/<\/pre>/g)).toHaveLength(1);
      const text = html.replace(/<[^>]+>/g, '');
      expect(text).not.toContain('<');
      expect(text.replaceAll('&#x3C;', '<').replaceAll('&#x26;', '&')).toBe(code);
    }
  });

  it('highlights every listed language, each line in its own span', async () => {
    for (const language of CODE_LANGUAGES) {
      const html = await highlightCode('x = 1\ny = 2', language);
      expect(html.match(/class="line"/g), language).toHaveLength(2);
    }
    // A real grammar at work: Python's keyword gets another colour than its name.
    const python = await highlightCode('def main():\n    return None', 'python');
    expect(new Set(python.match(/hl-[0-9a-f]+/g)).size).toBeGreaterThan(1);
  });

  it('shows an unknown language as plain text', async () => {
    expect(codeLanguage('brainfuck')).toBe('plaintext');
    expect(codeLanguage(null)).toBe('plaintext');
    expect(codeLanguage(' Python ')).toBe('python');
    expect(codeLanguage('js')).toBe('javascript');
    expect(codeLanguage('C++')).toBe('cpp');
    const html = await highlightCode('def x(): pass', 'brainfuck');
    expect(html).toBe(await highlightCode('def x(): pass', 'plaintext'));
    expect(html).not.toMatch(/hl-/);
  });

  it('leaves a line too long to be typed plain, and still escaped', async () => {
    const long = `const s = "${'<'.repeat(1200)}";`;
    const html = await highlightCode(`let a = 1;\n${long}`, 'javascript');
    const [first, second] = html.split('\n');
    expect(first).toMatch(/hl-/);
    expect(second).not.toMatch(/hl-[0-9a-f]/);
    expect(second).not.toContain('<<');
  });

  it('refuses code over the limit with a field message', async () => {
    await expect(highlightCode('x'.repeat(MAX_CODE_LENGTH), 'plaintext')).resolves.toContain('<pre');
    const error = await highlightCode('x'.repeat(MAX_CODE_LENGTH + 1), 'plaintext').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, fields: { code: ['Код не длиннее 20000 символов.'] } });
  });

  it('loads a language once when several blocks in it are saved at the same time', async () => {
    const htmls = await Promise.all(['kotlin', 'kotlin', 'swift', 'kt'].map((language) => highlightCode('val x = 1', language)));
    expect(htmls[1]).toBe(htmls[0]);
    expect(htmls[3]).toBe(htmls[0]);
    expect(htmls[0]).toMatch(/hl-/);
  });

  it('reuses one highlighter: a second call is fast', async () => {
    await highlightCode('a', 'rust');
    const start = performance.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => highlightCode(`let x = ${i};`, 'rust')));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('codeHighlightCss', () => {
  it('colours every class the highlighter gives', async () => {
    const css = codeHighlightCss();
    const html = (await Promise.all(CODE_LANGUAGES.map((language) => highlightCode('function f(a) { return "s" + 1; } // c', language)))).join('');
    for (const name of new Set(html.match(/hl-[0-9a-f]+/g))) expect(css).toContain(`.${name}{`);
    expect(css).toContain('.code-block{');
  });
});
