// Viewing the school as one of its people, read-only and audited.
// Other features and the server's root import this feature through this file only.
export { impersonationRoutes } from './impersonation-routes.ts';
