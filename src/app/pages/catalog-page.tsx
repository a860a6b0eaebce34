import { CourseCatalog } from '../../widgets/course-catalog/course-catalog.tsx';
import { courseCatalogStyles } from '../../widgets/course-catalog/course-catalog.styles.ts';
import { WidgetFrame } from '../widget-frame.tsx';

/** The public course catalogue (/course-catalog/), the catalogue widget's component on our origin. */
export default function CatalogPage({ courseId }: { courseId?: number | undefined }) {
  return (
    <main className="public-page">
      <h1>Каталог курсов</h1>
      <WidgetFrame css={courseCatalogStyles}>
        <CourseCatalog apiBase="" courseId={courseId} />
      </WidgetFrame>
    </main>
  );
}
