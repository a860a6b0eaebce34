// Schools: creation, settings, members and the school's own domain.
// Other features and the server's root import this feature through this file only.
export { createOriginCheck } from './allowed-origins.ts';
export { MEMBER_ROLES, schoolRoutes } from './school-routes.ts';
export { availableSchoolName, createSchool, SCHOOL_TAKEN } from './schools.ts';
export { setPseudonym } from './pseudonyms.ts';
export { schoolExtraRoles, schoolHeaders, userPseudonyms } from './tables.ts';
