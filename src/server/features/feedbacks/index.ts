// Platform testimonials: the reviews the public landing page shows (feedbacks/).
// Other features and the server's root import this feature through this file only.
export { feedbacks } from './tables.ts';
export { feedbackRoutes } from './feedback-routes.ts';
