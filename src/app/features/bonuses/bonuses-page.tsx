import { $user, bonusesMessages, commonMessages, routeRole } from '#core';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { StudentBoxes } from '../gamification/index.ts';
import { BONUSES_PAGE_SIZE, listBonuses, type Bonus } from './bonuses-api.ts';
import { InviteProgramCard } from './invite-program-card.tsx';

const t = bonusesMessages;

const dateFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** "1 декабря 2026" (without Intl's "г.") in the reader's time zone; null when it is not a date. */
export function expiryDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = dateFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** The server sends only http(s) links; anything else is not made a link all the same. */
const HTTP = /^https?:\/\//i;

/**
 * «Бонусы» (spec §2: the student's `student-courses/bonus`, the teacher's `courses/bonus`): the
 * school's offers as cards with their logo, text, expiry and «Перейти». The server chooses what the
 * role sees: a student the active, unexpired bonuses of their groups; a teacher those of the groups
 * they teach, where a card students do not see says so.
 */
export default function BonusesPage({ school }: { school: string }) {
  const teacher = routeRole(useStore($user).role) === 'Teacher';
  const [page, setPage] = useState(1);
  const bonuses = useResource(`${school}/school_bonuses?p=${page}`, () => listBonuses(school, page));
  const data = bonuses.data ?? null;
  useDocumentTitle(t.title);
  return (
    <PageFrame title={t.title} className="bonuses-page">
      <InviteProgramCard school={school} />
      {bonuses.error ? <LoadError message={bonuses.error.message} onRetry={bonuses.retry} /> : null}
      {bonuses.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data && data.results.length === 0 ? <EmptyState title={t.emptyTitle} text={teacher ? t.teacherEmptyText : t.emptyText} /> : null}
      {data && data.results.length > 0 ? (
        <ul className="bonus-cards">
          {data.results.map((bonus) => (
            <BonusCard key={bonus.id} bonus={bonus} teacher={teacher} />
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={page} count={data.count} size={BONUSES_PAGE_SIZE} onPage={setPage} /> : null}
      <StudentBoxes school={school} />
    </PageFrame>
  );
}

function BonusCard({ bonus, teacher }: { bonus: Bonus; teacher: boolean }) {
  const textId = useId();
  const until = bonus.expire_date ? expiryDate(bonus.expire_date) : null;
  // Only a teacher is sent bonuses that are off or over.
  const hidden = teacher && (!bonus.active || (bonus.expire_date !== null && Date.parse(bonus.expire_date) <= Date.now()));
  return (
    <li className="bonus-card">
      {bonus.logo ? <img className="bonus-card-logo" src={bonus.logo} alt="" loading="lazy" /> : null}
      {bonus.text ? (
        <p className="bonus-card-text" id={textId}>
          {bonus.text}
        </p>
      ) : null}
      {until ? <p className="muted">{t.until(until)}</p> : null}
      {hidden ? <p className="bonus-card-hidden">{t.hidden}</p> : null}
      {HTTP.test(bonus.link) ? (
        <a className="button primary small bonus-card-link" href={bonus.link} target="_blank" rel="noopener noreferrer" aria-describedby={bonus.text ? textId : undefined}>
          {t.open}
        </a>
      ) : null}
    </li>
  );
}
