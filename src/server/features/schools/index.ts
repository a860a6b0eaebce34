// Schools: creation, settings, members and the school's own domain.
// Other features and the server's root import this feature through this file only.
export { createOriginCheck } from './allowed-origins.ts';
export { MEMBER_ROLES, schoolRoutes } from './school-routes.ts';
export { schoolDomainRoutes } from './school-domain-routes.ts';
export { schoolByHost, type HostSchool } from './school-domain-host.ts';
export { availableSchoolName, createSchool, SCHOOL_TAKEN } from './schools.ts';
export { setPseudonym } from './pseudonyms.ts';
export { schoolBranding, schoolDocuments, schoolExtraRoles, schoolHeaders, userPseudonyms } from './tables.ts';
export { schoolBrandingRoutes } from './school-branding-routes.ts';
export { certificateDocument, schoolDocumentRoutes } from './school-document-routes.ts';
export { schoolColors, schoolDecoration } from './school-branding.ts';
export type { PictureFiles } from './school-pictures.ts';
