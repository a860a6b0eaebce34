import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import HelpPage from './help-page.tsx';
import { HELP_PAGES, HELP_SLUGS, filterHelpPages, findHelpPage } from './help-pages.ts';
import { LEGAL_KEYS, getLegalDocument } from '../legal/legal-texts.ts';

// Spec §2, in the order of the help section.
const SPEC_SLUGS = [
  'school',
  'help-account',
  'school-settings',
  'help-settings-platform',
  'help-platform-settings',
  'help-overai',
  'courses',
  'help-group-settings',
  'help-students',
  'help-check-homework',
  'help-domen',
  'help-gid-start',
  'help-chat',
  'help-add-employee',
];

describe('help pages data', () => {
  it('holds exactly the 14 pages of the spec, in order, with distinct titles', () => {
    expect(HELP_PAGES.map((page) => page.slug)).toEqual(SPEC_SLUGS);
    expect([...HELP_SLUGS]).toEqual(SPEC_SLUGS);
    expect(new Set(HELP_PAGES.map((page) => page.title)).size).toBe(14);
  });

  it('gives every page 3 to 6 sections with text', () => {
    for (const page of HELP_PAGES) {
      expect(page.sections.length, page.slug).toBeGreaterThanOrEqual(3);
      expect(page.sections.length, page.slug).toBeLessThanOrEqual(6);
      for (const section of page.sections) {
        expect(section.paragraphs.length + (section.steps?.length ?? 0), `${page.slug}: ${section.heading}`).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the two platform settings pages distinct', () => {
    const a = findHelpPage('help-settings-platform');
    const b = findHelpPage('help-platform-settings');
    expect(a?.title).not.toBe(b?.title);
    expect(b?.sections.map((s) => s.heading).join(' ')).toMatch(/Уведомления/);
    expect(b?.sections.map((s) => s.heading).join(' ')).toMatch(/приложения/);
  });

  it('quotes only the plan prices of the spec', () => {
    const text = HELP_PAGES.flatMap((page) => [page.summary, ...page.sections.flatMap((s) => [...s.paragraphs, ...(s.steps ?? [])])]).join(' ');
    const prices = [...text.matchAll(/(\d[\d\s]*)\s?BYN/g)].map((m) => (m[1] ?? '').replace(/\s/g, ''));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(['468', '948', '1788']).toContain(price);
  });

  it('filters by title and summary, ignoring case and surrounding spaces', () => {
    expect(filterHelpPages('')).toHaveLength(14);
    expect(filterHelpPages('  ДОМЕН ').map((p) => p.slug)).toEqual(['help-domen']);
    expect(filterHelpPages('несуществующее слово')).toEqual([]);
  });
});

describe('HelpPage index', () => {
  it('lists all 14 articles as links', () => {
    render(<HelpPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Центр помощи');
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(SPEC_SLUGS.map((slug) => `/help/${slug}`));
  });

  it('filters the cards as the user types and explains an empty result', () => {
    render(<HelpPage page={undefined} />);
    const search = screen.getByLabelText('Поиск по статьям');
    fireEvent.change(search, { target: { value: 'домен' } });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/help/help-domen']);
    fireEvent.change(search, { target: { value: 'OVER AI' } });
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/help/help-overai']);
    fireEvent.change(search, { target: { value: 'квантовая физика' } });
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toContain('ничего не найдено');
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getAllByRole('link')).toHaveLength(14);
  });
});

describe('HelpPage article', () => {
  it.each(SPEC_SLUGS)('renders %s with its title, sections and the other articles', (slug) => {
    const data = findHelpPage(slug);
    const { container } = render(<HelpPage page={slug} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(data?.title);
    expect(document.title).toBe(`${data?.title} — CourseHub`);
    const sections = container.querySelectorAll('article section');
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections.length).toBe(data?.sections.length);
    for (const section of sections) expect(section.querySelector('h2')).not.toBeNull();
    const breadcrumb = screen.getByRole('navigation', { name: 'Навигация' });
    expect(within(breadcrumb).getByRole('link', { name: 'Центр помощи' }).getAttribute('href')).toBe('/help');
    expect(breadcrumb.textContent).toContain(data?.title);
    const others = screen.getByRole('navigation', { name: 'Другие статьи' });
    const hrefs = within(others).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toHaveLength(13);
    expect(hrefs).not.toContain(`/help/${slug}`);
  });

  it('renders steps as an ordered list', () => {
    const { container } = render(<HelpPage page="help-domen" />);
    const steps = container.querySelectorAll('article ol li');
    expect(steps.length).toBe(findHelpPage('help-domen')?.sections.reduce((n, s) => n + (s.steps?.length ?? 0), 0));
  });

  it('shows a friendly notice for an unknown article', () => {
    render(<HelpPage page="no-such-article" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Статья не найдена');
    expect(document.title).toBe('Статья не найдена — CourseHub');
    expect(screen.getByRole('link', { name: 'Перейти в центр помощи' }).getAttribute('href')).toBe('/help');
  });
});

describe('help and legal texts', () => {
  it('contain no filler such as lorem ipsum, TODO or placeholder', () => {
    const texts: string[] = [];
    for (const page of HELP_PAGES) {
      texts.push(page.title, page.summary);
      for (const s of page.sections) texts.push(s.heading, ...s.paragraphs, ...(s.steps ?? []));
    }
    for (const key of LEGAL_KEYS) {
      for (const school of [undefined, 'Школа_Рисования']) {
        const doc = getLegalDocument(key, school);
        if (!doc) throw new Error(`missing ${key}`);
        texts.push(doc.title, doc.intro);
        for (const s of doc.sections) texts.push(s.heading, ...s.clauses);
      }
    }
    for (const text of texts) {
      expect(text.trim().length).toBeGreaterThan(0);
      expect(text).not.toMatch(/lorem|ipsum|todo|placeholder|заглушк|xxx/i);
    }
  });
});
