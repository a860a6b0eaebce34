// Platform plans and their sale: tariffs, subscriptions, payments, webhooks, invoices, limits.
// Other features and the server's root import this feature through this file only.
export { invoiceRoutes } from './invoice-routes.ts';
export { paymentRoutes } from './payment-routes.ts';
export { subscriptionRoutes } from './subscription-routes.ts';
export { promoCodes } from './tables.ts';
export { assertCourseLimit, assertStaffLimit, assertStudentLimit, COURSE_LIMIT_MESSAGE, STORAGE_LIMIT_MESSAGE, storageQuotaBytes } from './tariff-limits.ts';
export { tariffRoutes } from './tariff-routes.ts';
// The payment seam, for other things the platform sells (boxes): provider, signatures, sandbox page, events.
export { paymentEvents } from './tables.ts';
export { minorToDecimal, PAYMENT_CURRENCY } from './pricing.ts';
export { PROMO_HOLD_MS } from './promo-hold.ts';
export { createPaymentProvider, isUuid, type PaymentProvider, type VerifiedWebhook, type WebhookRequest } from './payments/provider.ts';
export { buildProdamusLink, prodamusOrderData, readFormsLikePhp } from './payments/prodamus.ts';
export { formatAmount, SANDBOX_PAGE_CSP, SANDBOX_SIGNATURE_HEADER, sandboxPaymentPage, sandboxSignature, type SandboxWebhookBody } from './payments/sandbox.ts';
