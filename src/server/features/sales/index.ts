// A school's own course sales (issue 14): payment methods (settings tab `payment-methods`), payment
// links and orders for its courses, verified webhooks granting access, and the buyers' receipts.
// Other features and the server's root import this feature through this file only.
export { orderRoutes } from './order-routes.ts';
export { paymentMethodRoutes } from './payment-method-routes.ts';
export { salesPaymentRoutes } from './sales-payment-routes.ts';
export { courseOrders, schoolPaymentMethods } from './tables.ts';
export { sealSecret, secretHint } from './secret-box.ts';
