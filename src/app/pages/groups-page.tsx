import { appMessages } from '#core';

const t = appMessages.groups;

/**
 * The teacher's 'Группы' (spec §2 teacher route `group`). Groups come with the learning features;
 * until then a teacher has none, and the page says so instead of not-found.
 */
export default function GroupsPage() {
  return (
    <section className="groups-page" aria-labelledby="groups-title">
      <h1 id="groups-title">{appMessages.routes.group}</h1>
      <div className="empty-state">
        <h2>{t.emptyTitle}</h2>
        <p className="muted">{t.emptyText}</p>
      </div>
    </section>
  );
}
