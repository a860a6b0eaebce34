import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { ratingEnabled, setRatingEnabled } from './rating-switch.ts';

const RatingSettings = Type.Object({ enabled: Type.Boolean({ description: 'Рейтинг учеников включён в школе' }) });
const params = Type.Object({ school: SchoolName });

/** The school's rating switch (contract: Rating): every member reads it, an admin turns it on or off. */
export async function ratingSettingsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/rating_settings/',
    {
      schema: {
        tags: ['rating'],
        summary: 'Включён ли рейтинг учеников в школе (любой участник школы)',
        params,
        response: { 200: RatingSettings, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      return { enabled: await ratingEnabled(ctx.db, school.id) };
    },
  );

  app.patch(
    '/:school/rating_settings/',
    {
      schema: {
        tags: ['rating'],
        summary: 'Включить или выключить рейтинг учеников школы (администратор)',
        params,
        body: RatingSettings,
        response: { 200: RatingSettings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return { enabled: await setRatingEnabled(ctx.db, school.id, request.body.enabled, ctx.now()) };
    },
  );
}
