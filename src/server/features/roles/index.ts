// A school's staff and students: roles, invitations and their acceptance.
// Other features and the server's root import this feature through this file only.
export { accessDistributionRoutes } from './access-distribution-routes.ts';
export { invitationRoutes } from './invitation-routes.ts';
export { createInvitation, mailInvitation } from './invitations.ts';
export { schoolInvitationGroups } from './tables.ts';
export { roleRoutes } from './role-routes.ts';
export { schoolInvitations } from './tables.ts';
