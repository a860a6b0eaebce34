import { defineWidget } from '../shared/define-widget.tsx';
import { CourseLanding } from '../../views/course-landing/course-landing.tsx';
import { courseLandingStyles } from '../../views/course-landing/course-landing.styles.ts';

defineWidget('ch-course-landing', CourseLanding, courseLandingStyles);
