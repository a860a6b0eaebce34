import { formatLimit, tariffsMessages, type TariffPlan } from '#core';

/** A plan's limits as a description list; shared by the tariffs widget and the app's tariff page. */
export function PlanLimits({ plan, className }: { plan: Readonly<TariffPlan>; className: string }) {
  const t = tariffsMessages;
  return (
    <dl className={className}>
      <div>
        <dt>{t.courses}</dt>
        <dd>{formatLimit(plan.number_of_courses)}</dd>
      </div>
      <div>
        <dt>{t.staff}</dt>
        <dd>{formatLimit(plan.number_of_staff)}</dd>
      </div>
      <div>
        <dt>{t.studentsPerMonth}</dt>
        <dd>{formatLimit(plan.students_per_month)}</dd>
      </div>
    </dl>
  );
}
