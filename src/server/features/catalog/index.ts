// The public course catalogue and course landings, and visitors' appeals about a course.
// Other features and the server's root import this feature through this file only.
export { appealRoutes } from './appeal-routes.ts';
export { catalogRoutes } from './catalog-routes.ts';
export { courseNotFound, courseProgram, publicFileUrl } from './course-landing.ts';
export { courseLandings } from './tables.ts';
