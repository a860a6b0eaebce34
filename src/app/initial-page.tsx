import { Path, tariffsMessages } from '#core';
import { lazyPage } from './lazy-page.ts';
import { hostSchool } from './school-domain-host.ts';

const SchoolDomainHome = lazyPage(() => import('./school-domain-home.tsx'));

/** The initial page (/): what CourseHub is, and the way to sign up or browse courses. */
export function InitialPage() {
  // On a school's own domain the first page is that school's.
  const school = hostSchool();
  if (school) return <SchoolDomainHome school={school} />;
  return (
    <main className="initial">
      <h1>CourseHub — платформа для онлайн-школ</h1>
      <p>
        Создайте свою школу, опубликуйте курсы и принимайте оплату. Преподаватели проверяют домашние задания, ученики
        учатся в удобном кабинете, а виджеты каталога, тарифов и сертификатов встраиваются в ваш собственный сайт.
      </p>
      <ul>
        <li>Курсы из модулей и уроков, тесты и домашние задания</li>
        <li>Группы учеников, прогресс, рейтинг и сертификаты</li>
        <li>Публичный каталог курсов и заявки на обучение</li>
      </ul>
      <div className="actions">
        <a className="button primary" href={Path.createSchool}>
          {tariffsMessages.tryFree}
        </a>
        <a className="button secondary" href={Path.catalog}>
          Каталог курсов
        </a>
      </div>
    </main>
  );
}
