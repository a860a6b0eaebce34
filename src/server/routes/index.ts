import { Type } from 'typebox';
import type { App } from '../context.ts';
import { authRoutes } from './auth-routes.ts';

/** Every API route, mounted under /api. */
export async function registerRoutes(app: App): Promise<void> {
  app.get(
    '/health/',
    { schema: { tags: ['service'], summary: 'Проверка работы сервера', response: { 200: Type.Object({ status: Type.String() }) } } },
    async () => ({ status: 'ok' }),
  );
  await authRoutes(app);
}
