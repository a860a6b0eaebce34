import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title.ts';

function Titled({ title, children }: { title: string | null; children?: ReactNode }) {
  useDocumentTitle(title);
  return <>{children}</>;
}

beforeEach(() => {
  document.title = '';
});

describe('useDocumentTitle', () => {
  it("adds the product's name; an empty title is the landing page's own", () => {
    expect(documentTitle('Вход')).toBe('Вход — CourseHub');
    render(<Titled title="" />);
    expect(document.title).toBe('CourseHub — онлайн-школы и курсы');
  });

  it('lets a page inside outrank the route table, and gives the title back when it goes', () => {
    const { rerender } = render(
      <Titled title="Центр помощи">
        <Titled title="Школа на CourseHub" />
      </Titled>,
    );
    expect(document.title).toBe('Школа на CourseHub — CourseHub');
    rerender(<Titled title="Центр помощи" />);
    expect(document.title).toBe('Центр помощи — CourseHub');
  });

  it('keeps the inner title when the outer one changes, and ignores null', () => {
    const { rerender } = render(
      <Titled title="Каталог курсов">
        <Titled title="Курс не найден" />
      </Titled>,
    );
    rerender(
      <Titled title="Вебинар">
        <Titled title="Курс не найден" />
      </Titled>,
    );
    expect(document.title).toBe('Курс не найден — CourseHub');
    rerender(
      <Titled title="Вебинар">
        <Titled title={null} />
      </Titled>,
    );
    expect(document.title).toBe('Вебинар — CourseHub');
  });
});
