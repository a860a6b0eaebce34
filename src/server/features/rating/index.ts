// The student rating (issue 13 item 3): a student's standing, the school's ranking, a student
// hiding their name, the school's switch. The server's root imports this feature through this file only.
export { ratingHiddenStudents, ratingSettings } from './tables.ts';
export { ratingRoutes } from './rating-routes.ts';
export { ratingSettingsRoutes } from './rating-settings-routes.ts';
