import { createHighlighterCore, type HighlighterCore, type LanguageRegistration, type ShikiTransformer } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import theme from 'shiki/themes/github-light.mjs';
import { fieldError } from '../../shared/errors.ts';

/**
 * Code blocks are highlighted once, on the server, when they are saved (Shiki's fine-grained core
 * with its JavaScript regex engine: no WebAssembly; only the languages below, each loaded when a
 * block in it is first saved: its grammar's regular expressions are compiled then, up to a second
 * and a half for C++, and kept).
 * Shiki escapes the code itself. The colours leave as classes (`hl-<hex>`), not inline styles:
 * the app's CSP (`style-src 'self'`) would drop a `style` attribute; `codeHighlightCss()` is the
 * stylesheet that colours them.
 */

export const MAX_CODE_LENGTH = 20_000;
const MAX_LINE_LENGTH = 1000;
const THEME = theme.name ?? 'github-light';

/** The languages a code block may be highlighted in; anything else is shown as plain text. */
export const CODE_LANGUAGES = [
  'plaintext', 'javascript', 'typescript', 'python', 'java', 'c', 'cpp', 'csharp', 'go', 'php', 'ruby', 'sql', 'html', 'css', 'json', 'bash', 'kotlin', 'swift', 'rust',
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Each language's grammar, imported when a block in it is first saved (the others cost nothing). */
const GRAMMARS: Record<Exclude<CodeLanguage, 'plaintext'>, () => Promise<{ default: LanguageRegistration[] }>> = {
  javascript: () => import('shiki/langs/javascript.mjs'),
  typescript: () => import('shiki/langs/typescript.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  java: () => import('shiki/langs/java.mjs'),
  c: () => import('shiki/langs/c.mjs'),
  cpp: () => import('shiki/langs/cpp.mjs'),
  csharp: () => import('shiki/langs/csharp.mjs'),
  go: () => import('shiki/langs/go.mjs'),
  php: () => import('shiki/langs/php.mjs'),
  ruby: () => import('shiki/langs/ruby.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  html: () => import('shiki/langs/html.mjs'),
  css: () => import('shiki/langs/css.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  bash: () => import('shiki/langs/shellscript.mjs'),
  kotlin: () => import('shiki/langs/kotlin.mjs'),
  swift: () => import('shiki/langs/swift.mjs'),
  rust: () => import('shiki/langs/rust.mjs'),
};

let highlighter: Promise<HighlighterCore> | undefined;
const loaded = new Map<CodeLanguage, Promise<string>>();

/** Made on first use and shared after; a failed start is tried again by the next save. */
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({ themes: [theme], langs: [], engine: createJavaScriptRegexEngine() }).catch((error: unknown) => {
    highlighter = undefined;
    throw error;
  });
  return highlighter;
}

/** The highlighter with `language` loaded, and the name Shiki knows it by. */
async function withLanguage(language: CodeLanguage): Promise<{ shiki: HighlighterCore; lang: string }> {
  const shiki = await getHighlighter();
  if (language === 'plaintext') return { shiki, lang: 'text' };
  let name = loaded.get(language);
  if (!name) {
    name = GRAMMARS[language]().then(async (module) => {
      await shiki.loadLanguage(...module.default);
      return module.default.at(-1)!.name;
    });
    loaded.set(language, name);
    name.catch(() => loaded.delete(language));
  }
  return { shiki, lang: await name };
}

/** Other names people give the listed languages. */
const ALIASES: Record<string, CodeLanguage> = {
  text: 'plaintext', txt: 'plaintext', plain: 'plaintext', js: 'javascript', jsx: 'javascript', mjs: 'javascript', ts: 'typescript', tsx: 'typescript',
  py: 'python', 'c++': 'cpp', 'c#': 'csharp', cs: 'csharp', golang: 'go', rb: 'ruby', sh: 'bash', shell: 'bash', shellscript: 'bash', zsh: 'bash',
  kt: 'kotlin', rs: 'rust', htm: 'html', xml: 'html',
};

/** The language a name stands for: one of CODE_LANGUAGES, plaintext when it is none of them. */
export function codeLanguage(name: string | null | undefined): CodeLanguage {
  const key = (name ?? '').trim().toLowerCase();
  if ((CODE_LANGUAGES as readonly string[]).includes(key)) return key as CodeLanguage;
  return ALIASES[key] ?? 'plaintext';
}

const HEX = /^#([0-9a-f]{3,8})$/i;

/** `color:#D73A49;font-style:italic` → ['hl-d73a49', 'hl-i']. */
function styleClasses(style: string): string[] {
  const classes: string[] = [];
  for (const declaration of style.split(';')) {
    const [property, value] = declaration.split(':').map((part) => part.trim().toLowerCase());
    if (property === 'color') {
      const hex = HEX.exec(value ?? '')?.[1];
      if (hex) classes.push(`hl-${hex}`);
    } else if (property === 'font-style' && value === 'italic') classes.push('hl-i');
    else if (property === 'font-weight' && value === 'bold') classes.push('hl-b');
    else if (property === 'text-decoration' && value?.includes('underline')) classes.push('hl-u');
  }
  return classes;
}

/** Inline styles → classes, on the tokens and on the block. */
const styleToClass: ShikiTransformer = {
  name: 'coursehub:style-to-class',
  pre(node) {
    delete node.properties.style;
    node.properties.class = 'code-block';
  },
  span(node) {
    const style = node.properties.style;
    delete node.properties.style;
    if (typeof style !== 'string') return;
    const classes = styleClasses(style);
    if (classes.length) this.addClassToHast(node, classes);
  },
};

/**
 * The highlighted HTML of `code` (a `<pre class="code-block">` of token spans). An unknown
 * language is highlighted as plain text; code longer than MAX_CODE_LENGTH is a field error.
 */
export async function highlightCode(code: string, language: string | null | undefined): Promise<string> {
  if (code.length > MAX_CODE_LENGTH) throw fieldError('code', `Код не длиннее ${MAX_CODE_LENGTH} символов.`);
  const { shiki, lang } = await withLanguage(codeLanguage(language));
  // A line longer than a person writes is left plain: some grammars take seconds over 20,000
  // characters of one line, and that would stall the server (with lines of up to 1,000, the worst
  // 20,000 characters measured took about a second, C++ on 2 cores). No time limit per line:
  // Shiki's counts the grammar's first compilation too, and cut the first block of a language short.
  return shiki.codeToHtml(code, { lang, theme: THEME, transformers: [styleToClass], tokenizeMaxLineLength: MAX_LINE_LENGTH, tokenizeTimeLimit: 0 });
}

/** The stylesheet for highlighted code: the theme's colours as the classes highlightCode gives. */
export function codeHighlightCss(): string {
  const colors = new Set<string>();
  const add = (color: unknown) => {
    const hex = typeof color === 'string' ? HEX.exec(color)?.[1]?.toLowerCase() : undefined;
    if (hex) colors.add(hex);
  };
  for (const rule of theme.tokenColors ?? []) add(rule.settings.foreground);
  add(theme.fg);
  add(theme.colors?.['editor.foreground']);
  const background = theme.colors?.['editor.background'] ?? '#fff';
  const foreground = theme.colors?.['editor.foreground'] ?? '#24292e';
  return [
    `.code-block{background-color:${background};color:${foreground};overflow-x:auto}`,
    ...[...colors].sort().map((hex) => `.code-block .hl-${hex}{color:#${hex}}`),
    '.code-block .hl-i{font-style:italic}',
    '.code-block .hl-b{font-weight:bold}',
    '.code-block .hl-u{text-decoration:underline}',
  ].join('\n');
}
