import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';
import { tariffs } from './core-tables.ts';

/**
 * The plans every installation has: the free 14-day 'Start' trial (1 course, 10 students) and the
 * three paid plans of spec §9 (ids 2–4, the ids the yearly view shows). Upserted on every start,
 * so a changed price reaches existing databases.
 */
export const TARIFF_PLANS: (typeof tariffs.$inferInsert)[] = [
  { id: 1, name: 'Start', price: '0', numberOfCourses: 1, numberOfStaff: 1, studentsPerMonth: 10, totalStudents: 10, discount12MonthsByn: '0' },
  { id: 2, name: 'Junior', price: '468', numberOfCourses: 1, numberOfStaff: 1, studentsPerMonth: 10, discount12MonthsByn: '468' },
  { id: 3, name: 'Middle', price: '948', numberOfCourses: 10, numberOfStaff: 11, studentsPerMonth: 50, discount12MonthsByn: '948' },
  { id: 4, name: 'Senior', price: '1788', numberOfCourses: 50, numberOfStaff: null, studentsPerMonth: 500, discount12MonthsByn: '1788' },
];

export const START_TARIFF_ID = 1;
export const TRIAL_DAYS = 14;

export async function upsertReferenceData(db: Db): Promise<void> {
  await db
    .insert(tariffs)
    .values(TARIFF_PLANS)
    .onConflictDoUpdate({
      target: tariffs.id,
      set: {
        name: sql`excluded.name`,
        price: sql`excluded.price`,
        numberOfCourses: sql`excluded.number_of_courses`,
        numberOfStaff: sql`excluded.number_of_staff`,
        studentsPerMonth: sql`excluded.students_per_month`,
        totalStudents: sql`excluded.total_students`,
        discount12MonthsByn: sql`excluded.discount_12_months_byn`,
      },
    });
}
