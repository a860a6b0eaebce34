// The school's email newsletter: templates mailed to its students some days after they joined,
// by the job runner, each once per student, with an unsubscribe link in every mail.
// Other features and the server's root import this feature through this file only.
export { newsletterTemplates, newsletterUnsubscriptions, sentNewsletters } from './tables.ts';
export { newsletterRoutes } from './newsletter-routes.ts';
export { NEWSLETTER_JOB, sendDueNewsletters } from './newsletter-job.ts';
