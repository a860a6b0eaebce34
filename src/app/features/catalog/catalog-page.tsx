import { pageTitles } from '#core';
import { Suspense, useCallback, useState } from 'react';
import { CourseCatalog } from '../../../views/course-catalog/course-catalog.tsx';
import { courseCatalogStyles } from '../../../views/course-catalog/course-catalog.styles.ts';
import type { WidgetEmit } from '../../../views/shared/widget-types.ts';
import { useDocumentTitle } from '../../use-document-title.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';
import { isNotFoundError } from '../../ui/widget-not-found.ts';
import { CoursePurchase } from '../sales/index.ts';

/**
 * The public course catalogue (/course-catalog/), the catalogue widget's component on our origin.
 * The widget says when a course is not found (and leads back to the list); the tab says it too.
 * Under a course's preview, after its appeal form: «Купить» when the course can be bought online
 * (sales feature: it has a price and its school a payment method), or the order's receipt when
 * the buyer comes back from the payment page.
 */
export default function CatalogPage({ courseId }: { courseId?: number | undefined }) {
  const [missing, setMissing] = useState(false);
  const [previewed, setPreviewed] = useState<number | null>(courseId ?? null);
  useDocumentTitle(missing ? pageTitles.courseNotFound : null);
  // The list loads behind a preview too: only a 404 says the course is missing; another
  // preview, or the list, is a new page.
  const emit = useCallback<WidgetEmit>((name, detail) => {
    if (name === 'ch-error' && isNotFoundError(detail)) setMissing(true);
  }, []);
  const onPreview = useCallback((id: number | null) => {
    setMissing(false);
    setPreviewed(id);
  }, []);
  return (
    <main className="public-page">
      <h1>Каталог курсов</h1>
      <WidgetFrame css={courseCatalogStyles}>
        <CourseCatalog apiBase="" courseId={courseId} emit={emit} onPreview={onPreview} />
      </WidgetFrame>
      {previewed !== null && !missing ? (
        // Its own boundary: the catalogue stays while the purchase's code loads.
        <Suspense fallback={null}>
          <CoursePurchase key={previewed} courseId={previewed} />
        </Suspense>
      ) : null}
    </main>
  );
}
