import { Type } from 'typebox';
import type { App } from '../context.ts';
import { authRoutes } from './auth-routes.ts';
import { accountRoutes } from './account-routes.ts';
import { accessLogRoutes } from './access-log-routes.ts';
import { appealRoutes } from './appeal-routes.ts';
import { catalogRoutes } from './catalog-routes.ts';
import { certificateRoutes } from './certificate-routes.ts';
import { groupRoutes } from './group-routes.ts';
import { impersonationRoutes } from './impersonation-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { invoiceRoutes } from './invoice-routes.ts';
import { paymentRoutes } from './payment-routes.ts';
import { roleRoutes } from './role-routes.ts';
import { schoolRoutes } from './school-routes.ts';
import { subscriptionRoutes } from './subscription-routes.ts';
import { tariffRoutes } from './tariff-routes.ts';
import { webinarRoutes } from './webinar-routes.ts';

/** Every API route, mounted under /api. */
export async function registerRoutes(app: App): Promise<void> {
  app.get(
    '/health/',
    { schema: { tags: ['service'], summary: 'Проверка работы сервера', response: { 200: Type.Object({ status: Type.String() }) } } },
    async () => ({ status: 'ok' }),
  );
  await authRoutes(app);
  await accountRoutes(app);
  await invitationRoutes(app);
  await schoolRoutes(app);
  await roleRoutes(app);
  await impersonationRoutes(app);
  await accessLogRoutes(app);
  await catalogRoutes(app);
  await appealRoutes(app);
  await certificateRoutes(app);
  await tariffRoutes(app);
  await subscriptionRoutes(app);
  await paymentRoutes(app);
  await invoiceRoutes(app);
  await webinarRoutes(app);
  await groupRoutes(app);
}
