// A school's own sales settings (issue 14): its promo codes for its courses (settings tab `promo`)
// and its invoice settings (the seller details on its buyers' invoices, one of them the default).
// Other features and the server's root import this feature through this file only.
export { defaultInvoiceSettings, type InvoiceSettingsView } from './invoice-settings.ts';
export { invoiceSettingsRoutes } from './invoice-settings-routes.ts';
export { applySchoolPromo, confirmSchoolPromoUse, PROMO_NOT_FOUND_MESSAGE, type AppliedPromo } from './promo-apply.ts';
export { schoolPromoRoutes } from './promo-routes.ts';
export { schoolInvoiceSettings, schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';
