// The school's invites programme: a link its students share, shown to the students of some groups.
// Other features and the server's root import this feature through this file only.
export { invitesProgramGroups, invitesPrograms } from './tables.ts';
export { invitesProgramRoutes } from './invites-program-routes.ts';
