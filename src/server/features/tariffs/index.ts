// Platform plans and their sale: tariffs, subscriptions, payments, webhooks, invoices, limits.
// Other features and the server's root import this feature through this file only.
export { invoiceRoutes } from './invoice-routes.ts';
export { paymentRoutes } from './payment-routes.ts';
export { subscriptionRoutes } from './subscription-routes.ts';
export { promoCodes } from './tables.ts';
export { assertCourseLimit, assertStaffLimit, assertStudentLimit, COURSE_LIMIT_MESSAGE, STORAGE_LIMIT_MESSAGE, storageQuotaBytes } from './tariff-limits.ts';
export { tariffRoutes } from './tariff-routes.ts';
