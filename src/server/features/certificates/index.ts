// Course certificates: encrypted public links and the public certificate.
// Other features and the server's root import this feature through this file only.
export { certificateRoutes } from './certificate-routes.ts';
export { certificateTemplateRoutes } from './template-routes.ts';
export { certificateTemplates } from './tables.ts';
