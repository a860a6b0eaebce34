import { desc } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { errors } from '../../shared/http/schemas.ts';
import { feedbacks } from './tables.ts';

export const Feedback = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  surname: Type.String(),
  position: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** The most the landing page is given: a list that grows by hand stays one small answer. */
export const FEEDBACKS_MAX = 100;

/** The platform's testimonials (contract: feedbacks/), for the public landing page. */
export async function feedbackRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/feedbacks/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Отзывы о платформе для главной страницы, сначала новые (без входа)',
        description: `Не больше ${FEEDBACKS_MAX} последних.`,
        response: { 200: Type.Array(Feedback), ...errors(429) },
      },
    },
    async () => {
      const rows = await ctx.db.select().from(feedbacks).orderBy(desc(feedbacks.createdAt), desc(feedbacks.id)).limit(FEEDBACKS_MAX);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        surname: row.surname,
        position: row.position,
        avatar: row.avatar,
        content: row.content,
        rating: row.rating,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      }));
    },
  );
}
