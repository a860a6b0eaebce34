import { defineWidget } from '../shared/define-widget.tsx';
import { CourseLanding } from './course-landing.tsx';
import { courseLandingStyles } from './course-landing.styles.ts';

defineWidget('ch-course-landing', CourseLanding, courseLandingStyles);
