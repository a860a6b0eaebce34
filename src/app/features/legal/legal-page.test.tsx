import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LegalPage from './legal-page.tsx';
import { LEGAL_DOCUMENTS, LEGAL_KEYS, getLegalDocument, isOwnSchool } from './legal-texts.ts';

// The static pages of spec §2, by route name.
const TITLES: Record<string, string> = {
  personalDataTreatmentPolicy: 'Политика обработки персональных данных',
  cookiePolicy: 'Политика использования файлов cookie',
  cookiePolicyDisclaimer: 'Уведомление об использовании cookie',
  personalDataProcessing: 'Согласие на обработку персональных данных',
  publicOfferAgreement: 'Публичная оферта',
  agreement: 'Пользовательское соглашение',
  PWA: 'Установка приложения',
};

describe('legal texts', () => {
  it('cover exactly the seven static pages', () => {
    expect([...LEGAL_KEYS].sort()).toEqual(Object.keys(TITLES).sort());
    for (const key of LEGAL_KEYS) expect(LEGAL_DOCUMENTS[key].key).toBe(key);
  });

  it('name the operator generically and quote only the spec prices', () => {
    expect(LEGAL_DOCUMENTS.personalDataTreatmentPolicy.intro).toContain('Оператор платформы CourseHub');
    const offer = LEGAL_DOCUMENTS.publicOfferAgreement.sections.flatMap((s) => s.clauses).join(' ');
    const prices = [...offer.matchAll(/(\d+)\s?BYN/g)].map((m) => m[1]);
    expect(prices).toEqual(['468', '948', '1788']);
    expect(offer).toContain('14 дней');
  });

  it('treats the default school as the platform itself', () => {
    expect(isOwnSchool(undefined)).toBe(false);
    expect(isOwnSchool('Coursehub')).toBe(false);
    expect(isOwnSchool('  ')).toBe(false);
    expect(isOwnSchool('art_school')).toBe(true);
    expect(getLegalDocument('cookiePolicy', 'Coursehub')).toBe(LEGAL_DOCUMENTS.cookiePolicy);
    expect(getLegalDocument('nope')).toBeUndefined();
  });
});

describe('LegalPage', () => {
  it.each(Object.entries(TITLES))('renders %s', (page, title) => {
    const { container } = render(<LegalPage page={page} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(document.title).toBe(`${title} — CourseHub`);
    expect(screen.getByText('Редакция от 1 ноября 2026 г.')).toBeTruthy();
    const headings = [...container.querySelectorAll('section h2')].map((h) => h.textContent ?? '');
    expect(headings.length).toBeGreaterThanOrEqual(3);
    headings.forEach((heading, i) => expect(heading.startsWith(`${i + 1}. `)).toBe(true));
    const clause = container.querySelector('section li');
    expect(clause?.textContent?.startsWith('1.1. ')).toBe(true);
  });

  it('names the school as the operator of its students’ data in a school area', () => {
    const { container } = render(<LegalPage page="personalDataTreatmentPolicy" school="art_school" />);
    expect(screen.getByText('Школа «art_school»')).toBeTruthy();
    const text = container.textContent ?? '';
    expect(text).toContain('является школа «art_school»');
    expect(text).toContain('уполномоченное лицо (обработчик)');
    const headings = [...container.querySelectorAll('section h2')].map((h) => h.textContent);
    expect(headings[1]).toBe('2. Оператор персональных данных учеников школы «art_school»');
  });

  it('adds the school clauses to every legal text but not to the app guide', () => {
    for (const key of LEGAL_KEYS) {
      const plain = getLegalDocument(key);
      const own = getLegalDocument(key, 'art_school');
      expect(own?.sections.length, key).toBe((plain?.sections.length ?? 0) + (key === 'PWA' ? 0 : 1));
    }
  });

  it('keeps the platform version under the default school', () => {
    const { container } = render(<LegalPage page="cookiePolicy" school="Coursehub" />);
    expect(container.textContent).not.toContain('Школа «Coursehub»');
  });

  it('shows a notice for an unknown document', () => {
    render(<LegalPage page="refundPolicy" school="art_school" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Документ не найден');
    expect(document.title).toBe('Документ не найден — CourseHub');
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
  });
});
