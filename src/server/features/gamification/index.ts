// Boxes and prizes: the school's boxes for sale, prizes drawn on the server, purchases paid through
// the platform's payment provider. Other features and the server's root import it through this file only.
export { boxPrizes, boxOpenings, boxPayments, schoolBoxes, schoolPrizes, userBoxes, userPrizes } from './tables.ts';
export { boxRoutes } from './box-routes.ts';
export { prizeRoutes } from './prize-routes.ts';
export { userBoxRoutes } from './user-box-routes.ts';
export { boxPaymentRoutes } from './box-payment-routes.ts';
