// Courses, modules and lessons: the tables the catalogue, groups and certificates read; the authoring issue adds the routes.
// Other features and the server's root import this feature through this file only.
export { courses, lessons, sections } from './tables.ts';
