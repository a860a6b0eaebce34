// The help quotes the product's own words: every «…» in an article is a text the product shows (a
// message of the catalogue: a button, a tab, a menu item, a status, a refusal of the server), the
// title of another article, or one of the few words of a browser or an example, listed here.
import * as core from '#core';
import { describe, expect, it } from 'vitest';
import { HELP_PAGES } from './help-pages.ts';

/** Not the product's: the browsers' own menus and an example name the reader types. */
const NOT_THE_PRODUCT = new Set(['Установить приложение', 'Добавить на главный экран', 'Поделиться', 'На экран „Домой“', 'Установить CourseHub', 'Поток март 2027']);

const catalogue = new Set<string>();
function walk(value: unknown, depth: number): void {
  if (typeof value === 'string') catalogue.add(value);
  else if (Array.isArray(value) || (value && typeof value === 'object' && depth > 0)) for (const inner of Object.values(value)) walk(inner, depth - 1);
}
for (const [name, value] of Object.entries(core)) if (name.endsWith('Messages')) walk(value, 6);

const titles = new Set(HELP_PAGES.map((page) => page.title));
const texts = HELP_PAGES.flatMap((page) => [page.title, page.summary, ...page.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.steps ?? [])])]);
const quotes = (text: string) => [...text.matchAll(/«([^«»]+)»/g)].map((match) => match[1]!);

const settingsTabs = new Set(Object.values(core.appMessages.settings.tabs));
const courseTabs = new Set(Object.values(core.coursesMessages.tabs));
const menu = new Set<string>(Object.values(core.appMessages.routes));

describe('the help’s quotes', () => {
  it('are the product’s own texts, word for word', () => {
    const strangers = texts
      .flatMap(quotes)
      // A sentence of the product quoted mid-sentence may leave out its final full stop.
      .filter((quote) => !catalogue.has(quote) && !catalogue.has(`${quote}.`) && !titles.has(quote) && !NOT_THE_PRODUCT.has(quote));
    expect([...new Set(strangers)]).toEqual([]);
  });

  it('name tabs by their labels, and menu → tab paths as the screens show them', () => {
    const wrong: string[] = [];
    for (const text of texts) {
      // «вкладка «A»», «вкладками «A», «B» и «C»», «вкладок «A» и «B»».
      for (const list of text.matchAll(/вкладк[а-яё]*\s+((?:«[^«»]+»(?:,\s*|\s+и\s+)?)+)/gu)) {
        for (const quote of quotes(list[1]!)) if (!settingsTabs.has(quote) && !courseTabs.has(quote)) wrong.push(`tab ${quote}: ${text}`);
      }
      for (const path of text.matchAll(/«([^«»]+)» → «([^«»]+)»/g)) {
        if (!menu.has(path[1]!)) wrong.push(`menu ${path[1]}: ${text}`);
        if (!settingsTabs.has(path[2]!)) wrong.push(`tab ${path[2]}: ${text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no longer use the names the product does not show', () => {
    const all = texts.join('\n');
    for (const old of ['«Логи»', '«Паспорт»', '«Email-рассылка»', '«Настройки курса»', '«Страница»', '«Добавить сотрудника»', '«Запретить OVER AI»', 'Invalid domain name', 'Domain name already exists', '«Помощник»']) {
      expect(all, old).not.toContain(old);
    }
    expect(all).toContain(`«${core.appMessages.settings.tabs.logs}»`);
    expect(all).toContain(`«${core.serverRefusalsMessages.domainTaken}»`);
  });
});
