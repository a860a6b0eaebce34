// Autowebinars: a recorded webinar shown on a schedule with its scripted chat.
// Other features and the server's root import this feature through this file only.
export { autowebinars, type ChatScriptLine } from './tables.ts';
export { webinarRoutes } from './webinar-routes.ts';
export { findAutowebinar } from './find-autowebinar.ts';
