import type { TariffPlan } from '#core/tariff-plans';
import { asc, eq, ne } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { START_TARIFF_ID } from '../../shared/db/reference-data.ts';
import { tariffs } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { errors, Id } from '../../shared/http/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const TariffPlanSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.String({ description: 'В месяц, BYN, например "468.00"' }),
  price_rf_rub: Nullable(Type.Integer()),
  number_of_courses: Nullable(Type.Integer()),
  number_of_staff: Nullable(Type.Integer()),
  students_per_month: Nullable(Type.Integer()),
  total_students: Nullable(Type.Integer()),
  student_count_by_month: Nullable(Type.Integer()),
  discount_12_months_byn: Nullable(Type.String()),
});

/** '468' → '468.00', as the tariff page's defaults spell amounts. */
const amount = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(2) : value;
};

export function tariffPlan(row: typeof tariffs.$inferSelect): TariffPlan {
  return {
    id: row.id,
    name: row.name,
    price: amount(row.price),
    price_rf_rub: row.priceRfRub,
    number_of_courses: row.numberOfCourses,
    number_of_staff: row.numberOfStaff,
    students_per_month: row.studentsPerMonth,
    total_students: row.totalStudents,
    student_count_by_month: row.studentCountByMonth,
    discount_12_months_byn: row.discount12MonthsByn === null ? null : amount(row.discount12MonthsByn),
  };
}

/** Tariff plans for the public tariff pages (spec §2 Tariff plans page, §7 Tariff). */
export async function tariffRoutes(app: App): Promise<void> {
  const { ctx } = app;

  // The free 'Start' trial is given at sign-up, never bought: the lists show the paid plans.
  for (const url of ['/schools_tariff/', '/schools_tariff/public', '/schools_tariff/public/']) {
    app.get(
      url,
      {
        config: publicRead(app),
        schema: {
          tags: ['public'],
          summary: 'Платные тарифные планы (без входа)',
          response: { 200: Type.Array(TariffPlanSchema), ...errors(429) },
        },
      },
      async () => (await ctx.db.select().from(tariffs).where(ne(tariffs.id, START_TARIFF_ID)).orderBy(asc(tariffs.id))).map(tariffPlan),
    );
  }

  for (const url of ['/schools_tariff/:id', '/schools_tariff/:id/']) {
    app.get(
      url,
      {
        config: publicRead(app),
        schema: {
          tags: ['public'],
          summary: 'Тарифный план по id (без входа)',
          params: Type.Object({ id: Id }),
          response: { 200: TariffPlanSchema, ...errors(400, 404, 429) },
        },
      },
      async (request) => {
        const [row] = await ctx.db.select().from(tariffs).where(eq(tariffs.id, request.params.id));
        if (!row) throw notFound('Тариф не найден.', 'TARIFF_NOT_FOUND');
        return tariffPlan(row);
      },
    );
  }
}
