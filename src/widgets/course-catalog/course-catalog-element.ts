import { defineWidget } from '../shared/define-widget.tsx';
import { CourseCatalog } from '../../views/course-catalog/course-catalog.tsx';
import { courseCatalogStyles } from '../../views/course-catalog/course-catalog.styles.ts';
defineWidget('ch-course-catalog', CourseCatalog, courseCatalogStyles);
