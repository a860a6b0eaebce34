import { pageTitles } from '#core';
import { useCallback, useState } from 'react';
import { CourseCatalog } from '../../../widgets/course-catalog/course-catalog.tsx';
import { courseCatalogStyles } from '../../../widgets/course-catalog/course-catalog.styles.ts';
import type { WidgetEmit } from '../../../widgets/shared/widget-types.ts';
import { useDocumentTitle } from '../../use-document-title.ts';
import { WidgetFrame } from '../../ui/widget-frame.tsx';
import { isNotFoundError } from '../../ui/widget-not-found.ts';

/**
 * The public course catalogue (/course-catalog/), the catalogue widget's component on our origin.
 * The widget says when a course is not found (and leads back to the list); the tab says it too.
 */
export default function CatalogPage({ courseId }: { courseId?: number | undefined }) {
  const [missing, setMissing] = useState(false);
  useDocumentTitle(missing ? pageTitles.courseNotFound : null);
  // The list loads behind a preview too: only a 404 says the course is missing; another
  // preview, or the list, is a new page.
  const emit = useCallback<WidgetEmit>((name, detail) => {
    if (name === 'ch-error' && isNotFoundError(detail)) setMissing(true);
  }, []);
  const onPreview = useCallback(() => setMissing(false), []);
  return (
    <main className="public-page">
      <h1>Каталог курсов</h1>
      <WidgetFrame css={courseCatalogStyles}>
        <CourseCatalog apiBase="" courseId={courseId} emit={emit} onPreview={onPreview} />
      </WidgetFrame>
    </main>
  );
}
