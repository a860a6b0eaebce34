// The request log: recording every authenticated call, and the school's log screen API.
// Other features and the server's root import this feature through this file only.
export { accessLogRoutes } from './access-log-routes.ts';
export { registerAccessLog } from './access-log.ts';
export { accessLogs } from './tables.ts';
