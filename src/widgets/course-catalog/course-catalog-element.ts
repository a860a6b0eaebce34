import { defineWidget } from '../shared/define-widget.tsx';
import { CourseCatalog } from './course-catalog.tsx';
import { courseCatalogStyles } from './course-catalog.styles.ts';
defineWidget('ch-course-catalog', CourseCatalog, courseCatalogStyles);
